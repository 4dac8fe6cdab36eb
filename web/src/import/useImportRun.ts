import { useCallback, useRef, useState } from 'react';
import {
  apiImportCalls,
  runImport,
  waitingOutcomes,
  type FileOutcome,
  type ImportCalls,
  type ImportPlan,
  type RunProgress,
  type RunSummary,
} from './importFlow.ts';

const IDLE: RunProgress = { stage: 'idle', current: 0, total: 0 };

/**
 * The state of one dialog's import run: stage and progress for the confirm button, one outcome per file
 * for the result panel. A second start while a run is going is ignored (imports run one at a time).
 */
export function useImportRun(calls: ImportCalls = apiImportCalls) {
  const [progress, setProgress] = useState<RunProgress>(IDLE);
  const [outcomes, setOutcomes] = useState<FileOutcome[]>([]);
  const running = useRef(false);
  const progressRef = useRef(progress);
  progressRef.current = progress;
  const outcomesRef = useRef(outcomes);
  outcomesRef.current = outcomes;

  const start = useCallback(
    /**
     * `retry`: the plan holds the files of the last run that were not imported; the imported ones keep
     * their results in the panel, and a failure to start brings the last run's state back.
     */
    async (plan: ImportPlan, { retry = false }: { retry?: boolean } = {}): Promise<RunSummary | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      const before = { progress: progressRef.current, outcomes: outcomesRef.current };
      const runs = new Set(plan.files.map((f) => f.uid));
      setOutcomes(retry ? before.outcomes.map((o) => (runs.has(o.uid) ? { uid: o.uid, name: o.name, state: 'waiting' } : o)) : waitingOutcomes(plan.files));
      try {
        return await runImport(
          plan,
          {
            progress: setProgress,
            outcome: (_, outcome) => setOutcomes((list) => list.map((o) => (o.uid === outcome.uid ? outcome : o))),
          },
          calls,
        );
      } catch (error) {
        // selectAddTypes failed (the API client has shown why): nothing was imported
        setProgress(retry ? before.progress : IDLE);
        setOutcomes(retry ? before.outcomes : []);
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
