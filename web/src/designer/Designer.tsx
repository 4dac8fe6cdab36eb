import { useCallback, useMemo, useState, type Dispatch, type KeyboardEvent } from 'react';
import { DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Button, Modal, Space, Tabs, Tooltip } from 'antd';
import { ClearOutlined, CodeOutlined, CopyOutlined, DownloadOutlined, PlayCircleOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseFormSchema, type FormFieldKind, type FormSchema } from '@qb/contracts';
import '../i18n/designer.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useToast } from '../app/toast.ts';
import { Canvas } from './Canvas.tsx';
import { useCanvasDrag } from './useCanvasDrag.ts';
import { Palette } from './Palette.tsx';
import { FieldPanel } from './FieldPanel.tsx';
import { FormPanel } from './FormPanel.tsx';
import { useIdlePreload } from '../app/idlePreload.ts';
import { JsonDrawer } from './JsonDrawer.tsx';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { GenerateDialog, type GenerateChoice, type GenerateMode } from './GenerateDialog.tsx';
import { KindIcon } from './kindIcons.tsx';
import { toSchema, type DesignerAction, type DesignerState } from './store.ts';
import './designer.css';

const loadCodeEditor = () => import('./codeEditor.ts');

async function generate(schema: FormSchema, type: GenerateChoice['type']): Promise<string> {
  const { generateFormCode } = await import('./codegen/index.ts');
  return generateFormCode(schema, { type, lang: currentLanguage() === 'en-US' ? 'en' : 'zh' });
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('.cm-editor'));

/** The whole designer over a state and its dispatch (the workspace's stored one, or a dialog's own). */
export function Designer({ state, dispatch, height }: { state: DesignerState; dispatch: Dispatch<DesignerAction>; height?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  // the JSON view's and 查看代码's editor (CodeMirror), so that they open at once; the code generator (prettier) is
  // larger and only for 导出代码, so it still loads on demand
  useIdlePreload(true, loadCodeEditor);
  const [tab, setTab] = useState('field');
  const [drawer, setDrawer] = useState<'run' | 'json' | null>(null);
  // each 运行 is a new preview (a new form): it starts from the defaults, not from what the last run typed
  const [runs, setRuns] = useState(0);
  const [genMode, setGenMode] = useState<GenerateMode | null>(null);
  const schema = useMemo(() => toSchema(state), [state.items, state.form]); // eslint-disable-line react-hooks/exhaustive-deps
  const drag = useCanvasDrag(state.items, dispatch);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: drag.keyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const add = useCallback((kind: FormFieldKind) => dispatch({ type: 'add', kind }), [dispatch]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || editable(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      e.preventDefault();
      dispatch({ type: key === 'y' || e.shiftKey ? 'redo' : 'undo' });
    }
  };
  const confirmClear = () =>
    void modal.confirm({ title: t('designer.actions.clear'), content: t('designer.confirmClear'), onOk: () => dispatch({ type: 'clear' }) });
  const onGenerate = async (choice: GenerateChoice) => {
    const mode = genMode;
    setGenMode(null);
    const parsed = parseFormSchema(schema);
    if (!parsed.ok) {
      void toast.error(t('designer.invalidSchema') + parsed.problems.slice(0, 3).join('; '));
      return;
    }
    let code: string;
    try {
      code = await generate(parsed.schema, choice.type);
    } catch {
      void toast.error(t('designer.generateFailed'));
      return;
    }
    if (mode === 'download') download(choice.fileName, code);
    else
      await navigator.clipboard.writeText(code).then(
        () => void toast.success(t('designer.copied')),
        () => void toast.error(t('designer.copyFailed')),
      );
  };
  const action = (key: string, icon: React.ReactNode, onClick: () => void) => (
    <Button type="text" icon={icon} onClick={onClick} data-testid={`designer-${key}`}>
      {t(`designer.actions.${key}`)}
    </Button>
  );
  return (
    <div className="qb-designer" style={height ? { height } : undefined} onKeyDown={onKeyDown} data-testid="designer">
      {modalHolder}
      <DndContext
        sensors={sensors}
        onDragStart={drag.onDragStart}
        onDragMove={drag.onDragMove}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
        accessibility={drag.accessibility}
      >
        <Palette onAdd={add} />
        <div className="qb-designer-center">
          <div className="qb-designer-bar" role="toolbar" aria-label={t('designer.toolbar')}>
            <Space size={0}>
              <Tooltip title={`${t('designer.actions.undo')} (Ctrl+Z)`}>
                <Button
                  type="text"
                  icon={<UndoOutlined />}
                  aria-label={t('designer.actions.undo')}
                  disabled={!state.past.length}
                  onClick={() => dispatch({ type: 'undo' })}
                  data-testid="designer-undo"
                />
              </Tooltip>
              <Tooltip title={`${t('designer.actions.redo')} (Ctrl+Shift+Z)`}>
                <Button
                  type="text"
                  icon={<RedoOutlined />}
                  aria-label={t('designer.actions.redo')}
                  disabled={!state.future.length}
                  onClick={() => dispatch({ type: 'redo' })}
                  data-testid="designer-redo"
                />
              </Tooltip>
            </Space>
            <Space size={0} wrap>
              {action('run', <PlayCircleOutlined />, () => {
                setRuns((n) => n + 1);
                setDrawer('run');
              })}
              {action('json', <CodeOutlined />, () => setDrawer('json'))}
              {action('generate', <DownloadOutlined />, () => setGenMode('download'))}
              {action('copyCode', <CopyOutlined />, () => setGenMode('copy'))}
              <Button type="text" danger icon={<ClearOutlined />} onClick={confirmClear} data-testid="designer-clear">
                {t('designer.actions.clear')}
              </Button>
            </Space>
          </div>
          <p className="qb-designer-hint">{t('designer.keyboardHint')}</p>
          <span ref={drag.live} className="qb-sr-only" aria-live="assertive" data-testid="designer-dnd-live" />
          <div className="qb-designer-scroll" onClick={() => dispatch({ type: 'select', id: null })}>
            <Canvas items={state.items} form={state.form} activeId={state.activeId} dispatch={dispatch} canvasRef={drag.canvasRef} placement={drag.placement} />
          </div>
        </div>
        <DragOverlay dropAnimation={{ duration: 340 }}>
          {drag.dragged && (
            <div className="qb-designer-palette-item is-overlay">
              <KindIcon kind={drag.dragged.kind} />
              <span>{drag.dragged.label}</span>
            </div>
          )}
        </DragOverlay>
      </DndContext>
      <div className="qb-designer-side">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'field',
              label: t('designer.tabs.field'),
              children: <FieldPanel items={state.items} activeId={state.activeId} form={state.form} dispatch={dispatch} />,
            },
            { key: 'form', label: t('designer.tabs.form'), children: <FormPanel form={state.form} dispatch={dispatch} /> },
          ]}
        />
      </div>
      <PreviewDrawer key={runs} open={drawer === 'run'} schema={schema} onClose={() => setDrawer(null)} generate={(s) => generate(s, 'page')} />
      <JsonDrawer
        open={drawer === 'json'}
        schema={schema}
        onClose={() => setDrawer(null)}
        onApply={(next) => {
          dispatch({ type: 'load', schema: next, idGlobal: state.idGlobal, keepHistory: true });
          void toast.success(t('designer.jsonApplied'));
        }}
      />
      <GenerateDialog mode={genMode} onCancel={() => setGenMode(null)} onConfirm={(c) => void onGenerate(c)} />
    </div>
  );
}
