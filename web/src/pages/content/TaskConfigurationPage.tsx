import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Form, InputNumber, Result, Skeleton, Space } from 'antd';
import { HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, saveRow, selectRows } from '../../api/index.ts';
import { SAVE_MESSAGE_SECONDS } from '../../crud/sources.ts';
import { useUnsavedChanges } from '../../app/pageContext.ts';
import { useToast } from '../../app/toast.ts';
import { useCan } from '../../app/access.ts';
import type { HistoryTarget } from '../../history/HistoryDrawer.tsx';
import { HISTORY_NS } from '../../history/texts.ts';
import './content.css';

const FLAG = 'sys_config';
// the configuration's history (issue 23): its code loads with the first click
const HistoryDrawer = lazy(() => import('../../history/HistoryDrawer.tsx').then((m) => ({ default: m.HistoryDrawer })));
/** SPEC.md §2: four required number fields, step 1; the rewards are money (2 decimals). */
const FIELDS = [
  { name: 'completedItems', precision: 0 },
  { name: 'numberQuestions', precision: 0 },
  { name: 'taskRewards', precision: 2 },
  { name: 'singleAmount', precision: 2 },
] as const;

/** 任务配置: one form over the first sys_config row; 保存 saves it and reads it back. */
export default function TaskConfigurationPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [history, setHistory] = useState<HistoryTarget>();
  const can = useCan(FLAG);
  useUnsavedChanges(dirty);
  const config = useQuery({
    queryKey: ['taskConfiguration'],
    queryFn: async () => (await selectRows(FLAG, { page: 1, row: 1, wheres: { isdelete: 0 } })).rows[0] ?? null,
  });

  useEffect(() => {
    if (config.data !== undefined && !dirty) form.setFieldsValue(config.data ?? {});
  }, [config.data, dirty, form]);

  const save = async (values: Record<string, number>) => {
    setSaving(true);
    try {
      await saveRow(FLAG, { ...values, ...(config.data?.id ? { id: config.data.id } : {}) });
      setDirty(false);
      toast.success({ content: t('pages.taskConfiguration.saved'), duration: SAVE_MESSAGE_SECONDS });
      await queryClient.invalidateQueries({ queryKey: ['taskConfiguration'] });
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error({ content: (error as Error).message, duration: SAVE_MESSAGE_SECONDS });
    } finally {
      setSaving(false);
    }
  };

  if (config.isError) {
    return (
      <div className="qb-panel">
        <Result
          status="warning"
          title={t('pages.taskConfiguration.loadFailed')}
          extra={<Button onClick={() => void config.refetch()}>{t('pages.taskConfiguration.retry')}</Button>}
        />
      </div>
    );
  }
  return (
    <div className="qb-panel" data-testid="task-configuration">
      <div className="qb-task-config">
        <h2 className="qb-page-heading">{t('pages.taskConfiguration.title')}</h2>
        <p className="qb-page-description">{t('pages.taskConfiguration.description')}</p>
        {config.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Form form={form} layout="horizontal" labelCol={{ flex: '240px' }} labelWrap colon={false} onFinish={save} onValuesChange={() => setDirty(true)}>
            {FIELDS.map(({ name, precision }) => {
              const label = t(`pages.taskConfiguration.${name}`);
              return (
                <Form.Item key={name} name={name} label={label} rules={[{ required: true, message: t('crud.enter', { title: label }) }]}>
                  <InputNumber min={0} step={1} precision={precision} aria-label={label} />
                </Form.Item>
              );
            })}
            <Form.Item label=" ">
              <Space>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="task-save">
                  {t('pages.taskConfiguration.save')}
                </Button>
                {config.data?.id !== undefined && (
                  <Button
                    icon={<HistoryOutlined />}
                    data-testid="task-history"
                    onClick={() =>
                      setHistory({
                        flag: FLAG,
                        id: config.data!.id as number,
                        name: t('pages.taskConfiguration.title'),
                        ...(typeof config.data!._version === 'string' ? { version: config.data!._version } : {}),
                      })
                    }
                  >
                    {t(`${HISTORY_NS}:action`)}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Form>
        )}
      </div>
      {history && (
        <Suspense fallback={null}>
          <HistoryDrawer
            target={history}
            canRestore={can.save}
            onClose={() => setHistory(undefined)}
            // the form shows the restored values
            onRestored={() => {
              setDirty(false);
              void queryClient.invalidateQueries({ queryKey: ['taskConfiguration'] });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
