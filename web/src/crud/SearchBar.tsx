import { lazy, Suspense } from 'react';
import { Button, Cascader, Form, Input, InputNumber, Select } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Wheres } from '@qb/contracts';
import { useTableOptions } from '../forms/options.ts';
import { buildSearchWheres } from './searchWheres.ts';
import type { FieldDef } from './types.ts';

// the date pickers are heavy and few pages search by date: loaded when a page has such a field
const SearchDateRange = lazy(() => import('./SearchDateRange.tsx'));

const SEARCH_SELECT_WIDTH = 160;

function SearchSelect({ field, value, onChange, dependValue }: { field: FieldDef; value?: unknown; onChange?: (v: unknown) => void; dependValue?: unknown }) {
  const options = useTableOptions(field.enum ? undefined : field.options, dependValue);
  const items = field.enum ? field.enum.map((o) => ({ value: o.value, label: o.label })) : options.list;
  return (
    <Select
      value={value}
      onChange={onChange}
      options={items}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.loading}
      disabled={options.waiting}
      placeholder={field.title}
      style={{ width: SEARCH_SELECT_WIDTH }}
      aria-label={field.title}
      popupMatchSelectWidth={false}
    />
  );
}

function SearchCascader({ field, value, onChange }: { field: FieldDef; value?: unknown; onChange?: (v: unknown) => void }) {
  const options = useTableOptions(field.options);
  return (
    <Cascader
      value={value as (string | number)[]}
      onChange={(v) => onChange?.(v)}
      options={options.tree}
      changeOnSelect
      allowClear
      placeholder={field.title}
      style={{ width: SEARCH_SELECT_WIDTH }}
      aria-label={field.title}
    />
  );
}

/**
 * Input, select and cascader fields (plus number and date range), Search and Reset. An editor of a stored filter
 * (权限管理's 数据范围) starts from `initialValues`, hears every change as `wheres` and shows no buttons.
 */
export function SearchBar({
  formName,
  fields,
  onSearch,
  initialValues,
  onChange,
  buttons = true,
}: {
  formName: string;
  fields: FieldDef[];
  onSearch(wheres: Wheres): void;
  initialValues?: Record<string, unknown>;
  onChange?(wheres: Wheres): void;
  buttons?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const searchFields = fields.filter((f) => f.search);
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  if (searchFields.length === 0) return null;

  const submit = () => onSearch(buildSearchWheres(form.getFieldsValue(), searchFields));
  return (
    <Form
      form={form}
      // the name prefixes the inputs' ids: pages of open tabs and the dialog stay in one document
      name={formName}
      layout="inline"
      className="qb-search-bar"
      data-testid="search-bar"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed) => {
        // a dependent dropdown starts over when what it depends on changes
        for (const f of searchFields) if (f.options?.dependsOn && f.options.dependsOn.field in changed) form.setFieldValue(f.name, undefined);
        onChange?.(buildSearchWheres(form.getFieldsValue(), searchFields));
      }}
    >
      {searchFields.map((field) => {
        const kind = field.search!.kind ?? 'input';
        const title = field.title;
        let control;
        if (kind === 'select')
          control = <SearchSelect field={field} dependValue={field.options?.dependsOn ? values?.[field.options.dependsOn.field] : undefined} />;
        else if (kind === 'cascader') control = <SearchCascader field={field} />;
        else if (kind === 'number') control = <InputNumber placeholder={title} aria-label={title} className="qb-search-number" />;
        else if (kind === 'dateRange')
          control = (
            <Suspense fallback={<Input disabled className="qb-search-input" />}>
              <SearchDateRange aria-label={title} />
            </Suspense>
          );
        else control = <Input placeholder={title} aria-label={title} allowClear className="qb-search-input" />;
        return (
          <Form.Item key={field.name} name={field.name} label={title}>
            {control}
          </Form.Item>
        );
      })}
      {buttons && (
        <Form.Item className="qb-search-buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('crud.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="search-reset"
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
