import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Form, Select, Space, Spin, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SQL_NAME_PATTERN, type ColumnMeta, type TableMeta } from '@qb/contracts';
import { ApiError, call } from '../../api/index.ts';
import { textIn } from '../../crud/configFromMeta.ts';
import { readLayoutRecord, saveLayoutRecord, type Layout } from '../../crud/layoutRecord.ts';
import { useToast } from '../../app/toast.ts';
import type { Row } from '../../crud/types.ts';

/** One column of the chosen table as the drawer edits it. */
interface ColumnChoice {
  name: string;
  title: string;
  list: boolean;
  search: boolean;
  form: boolean;
  /** a required column without a default must be in the form, else no row can be added */
  mustForm: boolean;
  /** filled by the server (createTime): never a form field */
  noForm: boolean;
}

const choiceOf = (c: ColumnMeta, lang: string, layout?: Layout): ColumnChoice => {
  const noForm = !!c.serverFilled || c.ui?.form === false;
  const mustForm = !noForm && c.required && c.defaultValue === undefined;
  return {
    name: c.name,
    title: textIn(c.title, lang),
    list: layout ? layout.columns.includes(c.name) : c.ui?.list !== false && !c.ui?.hidden,
    search: layout ? layout.search.includes(c.name) : !!c.search,
    form: !noForm && (mustForm || (layout ? layout.formFields.includes(c.name) : true)),
    mustForm,
    noForm,
  };
};

/** The table's columns, the layout's listed columns first in their order. */
function choicesOf(meta: TableMeta, lang: string, layout?: Layout): ColumnChoice[] {
  const all = meta.columns.map((c) => choiceOf(c, lang, layout));
  if (!layout) return all;
  const rank = (c: ColumnChoice) => (layout.columns.includes(c.name) ? layout.columns.indexOf(c.name) : layout.columns.length);
  return all
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map((x) => x.c);
}

/** The table a menu's route opens (/manage/<table>), when it is one of the tables listed. */
const tableOfUrl = (url: unknown, tables: TableMeta[]) => {
  const name = String(url ?? '').replace(/^\/?(?:manage\/)?/, '');
  return SQL_NAME_PATTERN.test(name) ? tables.find((m) => m.flag === name)?.flag : undefined;
};

/**
 * 数据设计 of a menu: its layout record (sys_layList) — which table, which columns are listed and in what order,
 * which are search fields, which are form fields — saved as JSON in `layout` (docs/decisions.md).
 */
export function LayoutDesignDrawer({ menu, onClose }: { menu: Row | undefined; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const menuId = menu ? Number(menu.id) : undefined;
  const record = useQuery({
    queryKey: ['layoutEdit', menuId ?? null],
    queryFn: () => readLayoutRecord(menuId!),
    enabled: menuId !== undefined,
    staleTime: 0,
    retry: false,
  });
  // the tables the caller may view (GET /api/schema/ answers only those)
  const tables = useQuery({ queryKey: ['schemaList'], queryFn: async () => ((await call('schemaList')).data ?? []) as TableMeta[], staleTime: 60_000 });
  const [flag, setFlag] = useState<string>();
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  // the form starts from the stored layout, else from the table the menu's route opens
  useEffect(() => {
    if (!record.data || !tables.data) return;
    const layout = record.data.layout;
    const start = layout?.flag ?? tableOfUrl(menu?.url, tables.data);
    const meta = tables.data.find((m) => m.flag === start);
    setFlag(meta?.flag);
    setChoices(meta ? choicesOf(meta, i18n.language, layout?.flag === meta.flag ? layout : undefined) : []);
    setProblem(undefined);
  }, [record.data, tables.data, menu?.url, i18n.language]);

  const options = useMemo(
    () => (tables.data ?? []).map((m) => ({ value: m.flag, label: `${textIn(m.title, i18n.language)} (${m.flag})` })),
    [tables.data, i18n.language],
  );
  const chooseTable = (next: string) => {
    const meta = tables.data?.find((m) => m.flag === next);
    setFlag(next);
    setChoices(meta ? choicesOf(meta, i18n.language) : []);
    setProblem(undefined);
  };
  const toggle = (name: string, key: 'list' | 'search' | 'form', on: boolean) =>
    setChoices((list) => list.map((c) => (c.name === name ? { ...c, [key]: on } : c)));
  const move = (index: number, by: number) =>
    setChoices((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const save = async () => {
    if (!flag || !record.data) return setProblem(t('pages.layout.noTable'));
    const columns = choices.filter((c) => c.list).map((c) => c.name);
    if (columns.length === 0) return setProblem(t('pages.layout.needColumn'));
    const kept = record.data.layout?.form ? { form: record.data.layout.form } : {};
    const layout: Layout = {
      flag,
      columns,
      search: choices.filter((c) => c.search).map((c) => c.name),
      formFields: choices.filter((c) => c.form).map((c) => c.name),
      ...kept,
    };
    setSaving(true);
    try {
      await saveLayoutRecord(record.data, layout);
      toast.success(t('pages.layout.saved'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['menuLayout'] }), queryClient.invalidateQueries({ queryKey: ['layoutEdit'] })]);
      onClose();
    } catch (error) {
      // the server's message (saves are silent in the client); nothing was saved, the drawer stays open
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error(error instanceof Error ? error.message : t('http.failed'));
    } finally {
      setSaving(false);
    }
  };

  const loading = record.isLoading || tables.isLoading;
  return (
    <Drawer
      open={!!menu}
      onClose={onClose}
      title={t('pages.layout.title', { name: String(menu?.name ?? '') })}
      size={720}
      destroyOnHidden
      data-testid="layout-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading || record.isError} onClick={() => void save()} data-testid="layout-save">
            {t('forms.save')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin />
      ) : record.isError ? (
        <Alert type="error" showIcon title={t('pages.layout.loadFailed')} />
      ) : (
        <>
          {!record.data?.layout && <Alert className="qb-layout-note" type="info" showIcon title={t('pages.layout.fresh')} />}
          <Form layout="vertical">
            <Form.Item label={t('pages.layout.table')} required htmlFor="layout-table">
              <Select
                id="layout-table"
                value={flag}
                options={options}
                onChange={chooseTable}
                placeholder={t('pages.layout.chooseTable')}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="layout-table"
              />
            </Form.Item>
          </Form>
          {problem && <Alert className="qb-layout-note" type="error" showIcon title={problem} data-testid="layout-problem" />}
          <Table<ColumnChoice>
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={choices}
            data-testid="layout-columns"
            columns={[
              {
                title: t('pages.layout.order'),
                width: 90,
                render: (_v, c, i) => (
                  <Space.Compact>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t('pages.layout.moveUp', { name: c.title })}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === choices.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t('pages.layout.moveDown', { name: c.title })}
                    />
                  </Space.Compact>
                ),
              },
              {
                title: t('pages.layout.column'),
                render: (_v, c) => (
                  <span>
                    {c.title} <span className="qb-layout-name">{c.name}</span>
                  </span>
                ),
              },
              ...(['list', 'search', 'form'] as const).map((key) => ({
                title: t(`pages.layout.${key}`),
                width: 100,
                align: 'center' as const,
                render: (_v: unknown, c: ColumnChoice) => (
                  <Checkbox
                    checked={c[key]}
                    disabled={key === 'form' && (c.mustForm || c.noForm)}
                    onChange={(e) => toggle(c.name, key, e.target.checked)}
                    aria-label={`${c.title} ${t(`pages.layout.${key}`)}`}
                    data-testid={`layout-${key}-${c.name}`}
                  />
                ),
              })),
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
