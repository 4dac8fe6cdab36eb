import { endpoints } from '@qb/contracts/endpoints';
import { useEffect, useState } from 'react';
import { isOptionUrlIncomplete } from '../useFieldOptions.ts';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Tree } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FORM_OPTION_METHODS,
  FORM_OPTION_READ_ROUTES,
  formOptionUrlProblem,
  formTextIn,
  type FormOption,
  type FormOptionsSource,
  type FormPatternRule,
  type FormText,
} from '@qb/contracts';

/** Small editors of the property panel: a text in both languages, patterns, options (with the option dialog). */

/** Chinese and English of one text; `label` is what a screen reader says for the two inputs (the visible label). */
export function TextPair({ value, onChange, testId, label }: { value?: FormText; onChange(v: FormText | undefined): void; testId?: string; label: string }) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormText>) => {
    const next = {
      zh: value?.zh ?? '',
      ...(value?.en ? { en: value.en } : {}),
      ...patch,
    };
    if (!next.en) delete next.en;
    onChange(next.zh === '' && !next.en ? undefined : next);
  };
  return (
    <Space.Compact block>
      <Input value={value?.zh ?? ''} onChange={(e) => set({ zh: e.target.value })} data-testid={testId} aria-label={label} />
      <Input
        value={value?.en ?? ''}
        placeholder={t('designer.props.labelEn')}
        onChange={(e) => set({ en: e.target.value })}
        aria-label={`${label} ${t('designer.props.labelEn')}`}
      />
    </Space.Compact>
  );
}

/** A number or text typed in an option value: numbers stay numbers (the reference's isNumberStr). */
export function optionValue(text: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

function PatternRow({ rule, onChange, onRemove, index }: { rule: FormPatternRule; onChange(r: FormPatternRule): void; onRemove(): void; index: number }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(rule.regex);
  useEffect(() => setDraft(rule.regex), [rule.regex]);
  let bad = false;
  try {
    new RegExp(draft);
  } catch {
    bad = true;
  }
  return (
    <div className="qb-designer-pattern">
      <Input
        value={draft}
        status={bad ? 'error' : undefined}
        placeholder={t('designer.props.pattern')}
        aria-label={`${t('designer.props.pattern')} ${index + 1}`}
        data-testid={`pattern-${index}`}
        onChange={(e) => {
          setDraft(e.target.value);
          try {
            new RegExp(e.target.value);
            onChange({ ...rule, regex: e.target.value });
          } catch {
            // kept as a draft (red) until it compiles: the schema only ever holds a valid expression
          }
        }}
      />
      <TextPair
        value={rule.message}
        onChange={(message) => onChange({ ...rule, message })}
        testId={`pattern-message-${index}`}
        label={`${t('designer.props.patternMessage')} ${index + 1}`}
      />
      <Button icon={<DeleteOutlined />} danger aria-label={t('designer.actions.delete')} onClick={onRemove} />
    </div>
  );
}

export function PatternsEditor({ value, onChange }: { value?: FormPatternRule[]; onChange(v: FormPatternRule[] | undefined): void }) {
  const { t } = useTranslation();
  const list = value ?? [];
  const set = (next: FormPatternRule[]) => onChange(next.length ? next : undefined);
  return (
    <div className="qb-designer-patterns">
      {list.map((rule, i) => (
        <PatternRow
          key={i}
          index={i}
          rule={rule}
          onChange={(r) => set(list.map((x, j) => (j === i ? r : x)))}
          onRemove={() => set(list.filter((_, j) => j !== i))}
        />
      ))}
      <Button icon={<PlusOutlined />} size="small" data-testid="add-pattern" onClick={() => set([...list, { regex: '.*' }])}>
        {t('designer.props.addRule')}
      </Button>
    </div>
  );
}

/** SPEC.md §5: the add-option dialog, label and value required. */
export function OptionDialog({
  open,
  onCancel,
  onOk,
  taken,
}: {
  open: boolean;
  onCancel(): void;
  onOk(o: FormOption): void;
  taken?(value: string | number): boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ label: string; value: string }>();
  return (
    <Modal
      open={open}
      title={t('designer.option.title')}
      onCancel={onCancel}
      destroyOnHidden
      onOk={
        () =>
          form.validateFields().then(
            (v) => {
              onOk({ label: { zh: v.label }, value: optionValue(v.value) });
              form.resetFields();
            },
            () => {},
          ) // the form shows what is missing
      }
    >
      <Form form={form} labelCol={{ flex: '90px' }} preserve={false}>
        <Form.Item
          name="label"
          label={t('designer.option.label')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('designer.option.labelRequired'),
            },
          ]}
        >
          <Input placeholder={t('designer.option.labelRequired')} data-testid="option-label" />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('designer.option.value')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('designer.option.valueRequired'),
            },
            {
              validator: async (_r, v: string | undefined) => {
                if (v && taken?.(optionValue(v))) throw new Error(t('designer.option.duplicate'));
              },
            },
          ]}
        >
          <Input placeholder={t('designer.option.valueRequired')} data-testid="option-value" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Path = number[];
function addAt(list: FormOption[], path: Path, option: FormOption): FormOption[] {
  if (!path.length) return [...list, option];
  return list.map((o, i) => (i === path[0] ? { ...o, children: addAt(o.children ?? [], path.slice(1), option) } : o));
}
function removeAt(list: FormOption[], path: Path): FormOption[] {
  if (path.length === 1) return list.filter((_, i) => i !== path[0]);
  return list.map((o, i) => (i === path[0] ? { ...o, children: removeAt(o.children ?? [], path.slice(1)) } : o));
}
function editAt(list: FormOption[], path: Path, patch: Partial<FormOption>): FormOption[] {
  return list.map((o, i) => (i !== path[0] ? o : path.length === 1 ? { ...o, ...patch } : { ...o, children: editAt(o.children ?? [], path.slice(1), patch) }));
}
function valuesOf(list: FormOption[]): (string | number)[] {
  return list.flatMap((o) => [o.value, ...valuesOf(o.children ?? [])]);
}

/**
 * The option source's url: typed as a draft and applied on Enter or when the input is left, and only when it is a
 * read route of this server (FORM_OPTION_READ_ROUTES); nothing is fetched for what is half typed (issue 19 #7).
 */
function OptionUrlInput({ url, onChange }: { url: string; onChange(url: string): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(url);
  useEffect(() => setDraft(url), [url]);
  const invalid = formOptionUrlProblem(draft) !== undefined;
  const apply = () => {
    if (!invalid && draft !== url) onChange(draft);
  };
  const help = invalid
    ? t('designer.option.urlInvalid', { routes: FORM_OPTION_READ_ROUTES.join(' ') })
    : isOptionUrlIncomplete(draft)
      ? t('designer.option.urlNeedsFlag')
      : undefined;
  return (
    <Form.Item validateStatus={invalid ? 'error' : undefined} help={help} className="qb-designer-option-url">
      <Space.Compact block>
        <Space.Addon>{t('designer.option.url')}</Space.Addon>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={apply}
          onPressEnter={apply}
          status={invalid ? 'error' : undefined}
          aria-label={t('designer.option.url')}
          placeholder={`${endpoints.select.url}?_flag=questionsClass`}
          data-testid="option-url"
        />
      </Space.Compact>
    </Form.Item>
  );
}

/** Static options (a list, or a tree for the cascader) or options read from a URL of this server (SPEC.md §3 dataType). */
export function OptionsEditor({ value, tree, onChange }: { value: FormOptionsSource; tree: boolean; onChange(v: FormOptionsSource): void }) {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState<Path | null>(null);
  const isStatic = Array.isArray(value);
  const mode = isStatic ? 'static' : value.from === 'url' ? 'dynamic' : 'table';
  const list = isStatic ? value : [];
  return (
    <div className="qb-designer-options">
      <Radio.Group
        value={mode}
        size="small"
        optionType="button"
        onChange={(e) => onChange(e.target.value === 'static' ? [] : { from: 'url', url: FORM_OPTION_READ_ROUTES[0], method: 'get', dataPath: 'data' })}
        options={[
          { value: 'static', label: t('designer.option.static') },
          { value: 'dynamic', label: t('designer.option.dynamic') },
        ]}
      />
      {isStatic &&
        !tree &&
        list.map((o, i) => (
          <Space.Compact key={i} block className="qb-designer-option-row">
            <Input
              value={o.label.zh}
              aria-label={`${t('designer.option.label')} ${i + 1}`}
              onChange={(e) =>
                onChange(
                  editAt(list, [i], {
                    label: { ...o.label, zh: e.target.value },
                  }),
                )
              }
            />
            <Input
              value={String(o.value)}
              aria-label={`${t('designer.option.value')} ${i + 1}`}
              onChange={(e) => onChange(editAt(list, [i], { value: optionValue(e.target.value) }))}
            />
            <Button icon={<DeleteOutlined />} danger aria-label={t('designer.actions.delete')} onClick={() => onChange(removeAt(list, [i]))} />
          </Space.Compact>
        ))}
      {isStatic && tree && (
        <Tree
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={toTree(list, [], (o, path) => (
            <span className="qb-designer-tree-node">
              {formTextIn(o.label, i18n.language)} <small>{String(o.value)}</small>
              <Button type="link" size="small" icon={<PlusOutlined />} aria-label={t('designer.option.addChild')} onClick={() => setAdding(path)} />
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('designer.actions.delete')}
                onClick={() => onChange(removeAt(list, path))}
              />
            </span>
          ))}
        />
      )}
      {isStatic && (
        <Button size="small" icon={<PlusOutlined />} data-testid="add-option" onClick={() => setAdding([])}>
          {t('designer.option.add')}
        </Button>
      )}
      {!isStatic && value.from === 'url' && (
        <div className="qb-designer-dynamic">
          <OptionUrlInput url={value.url} onChange={(url) => onChange({ ...value, url })} />
          <Select
            value={value.method}
            aria-label={t('designer.option.method')}
            onChange={(method) => onChange({ ...value, method })}
            options={FORM_OPTION_METHODS.map((m) => ({
              value: m,
              label: m.toUpperCase(),
            }))}
          />
          <Input
            addonBefore={t('designer.option.dataPath')}
            value={value.dataPath ?? ''}
            onChange={(e) => onChange({ ...value, dataPath: e.target.value || undefined })}
          />
          <Input
            addonBefore={t('designer.option.labelField')}
            value={value.labelField ?? ''}
            onChange={(e) => onChange({ ...value, labelField: e.target.value || undefined })}
          />
          <Input
            addonBefore={t('designer.option.valueField')}
            value={value.valueField ?? ''}
            onChange={(e) => onChange({ ...value, valueField: e.target.value || undefined })}
          />
          {tree && (
            <Input
              addonBefore={t('designer.option.childrenField')}
              value={value.childrenField ?? ''}
              onChange={(e) =>
                onChange({
                  ...value,
                  childrenField: e.target.value || undefined,
                })
              }
            />
          )}
        </div>
      )}
      {!isStatic && value.from === 'table' && <code className="qb-designer-json-inline">{JSON.stringify(value)}</code>}
      <OptionDialog
        open={adding !== null}
        onCancel={() => setAdding(null)}
        taken={(value) => valuesOf(list).some((v) => String(v) === String(value))}
        onOk={(o) => {
          onChange(addAt(list, adding ?? [], o));
          setAdding(null);
        }}
      />
    </div>
  );
}

function toTree(
  list: FormOption[],
  path: Path,
  title: (o: FormOption, path: Path) => React.ReactNode,
): {
  key: string;
  title: React.ReactNode;
  children: ReturnType<typeof toTree>;
}[] {
  return list.map((o, i) => ({
    key: [...path, i].join('-'),
    title: title(o, [...path, i]),
    children: toTree(o.children ?? [], [...path, i], title),
  }));
}

export function NumberProp({
  value,
  onChange,
  min,
  max,
  testId,
  label,
}: {
  value?: number;
  onChange(v: number | undefined): void;
  min?: number;
  max?: number;
  testId?: string;
  /** what a screen reader says (the visible label) */
  label: string;
}) {
  return (
    <InputNumber
      value={value}
      min={min}
      max={max}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      data-testid={testId}
      aria-label={label}
    />
  );
}
