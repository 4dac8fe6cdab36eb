import { useCallback, useRef, useState } from 'react';
import { apiImportCalls, runImport, waitingOutcomes, type FileOutcome, type ImportCalls, type ImportPlan, type RunProgress, type RunSummary } from './importFlow.ts';

const IDLE: RunProgress = { stage: 'idle', current: 0, total: 0 };

/**
 * The state of one dialog's import run: stage and progress for the confirm button, one outcome per file
 * for the result panel. A second start while a run is going is ignored (imports run one at a time).
 */
export function useImportRun(calls: ImportCalls = apiImportCalls) {
  const [progress, setProgress] = useState<RunProgress>(IDLE);
  const [outcomes, setOutcomes] = useState<FileOutcome[]>([]);
  const running = useRef(false);

  const start = useCallback(
    async (plan: ImportPlan): Promise<RunSummary | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setOutcomes(waitingOutcomes(plan.files));
      try {
        return await runImport(
          plan,
          {
            progress: setProgress,
            outcome: (index, outcome) => setOutcomes((list) => list.map((o, i) => (i === index ? outcome : o))),
          },
          calls,
        );
      } catch (error) {
        // selectAddTypes failed (the API client has shown why): nothing was imported
        setProgress(IDLE);
        setOutcomes([]);
        throw error;
      } finally {
        running.current = false;
      }
    },
    [calls],
  );

  /** Back to the confirm button after the inputs changed; the last results stay until the next run. */
  const rearm = useCallback(() => {
    if (!running.current) setProgress((p) => (p.stage === 'done' ? IDLE : p));
  }, []);

  const busy = progress.stage === 'addingCategories' || progress.stage === 'importing';
  return { progress, outcomes, busy, start, rearm };
}
