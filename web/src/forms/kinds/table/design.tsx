import { Button, Input } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';
import { TextPair } from '../propControls.tsx';

const NAME = /^[A-Za-z_$][\w$]*$/;

function ColumnsEditor({ columns, onChange }: { columns: { name: string; label: { zh: string; en?: string } }[]; onChange(c: typeof columns): void }) {
  const { t } = useTranslation();
  return (
    <div className="qb-designer-patterns">
      {columns.map((c, i) => (
        <div key={i} className="qb-designer-pattern">
          <Input
            value={c.name}
            aria-label={`${t('designer.props.columnName')} ${i + 1}`}
            onChange={(e) => NAME.test(e.target.value) && onChange(columns.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
          />
          <TextPair
            value={c.label}
            onChange={(label) => onChange(columns.map((x, j) => (j === i ? { ...x, label: label ?? { zh: '' } } : x)))}
            label={`${t('designer.props.columnLabel')} ${i + 1}`}
          />
        </div>
      ))}
      <Button size="small" onClick={() => onChange([...columns, { name: `col${columns.length + 1}`, label: { zh: `${columns.length + 1}` } }])}>
        {t('designer.props.addColumn')}
      </Button>
    </div>
  );
}

const tableDesign: WebKindDesign<FormFieldOf<'table'>> = {
  kind: 'table',
  group: 'layout',
  rank: 30,
  icon: <TableOutlined />,
  newField: (base) => ({ ...base, kind: 'table', columns: [{ name: 'col1', label: defaultText('column') }] }),
  canvasText: (field, lang) => field.columns.map((c) => formTextIn(c.label, lang)),
  canvas: (field, lang) => (
    <div className="qb-designer-table">
      {field.columns.map((c) => (
        <span key={c.name}>{formTextIn(c.label, lang)}</span>
      ))}
    </div>
  ),
  panel: (field, { item, set, t }) => [
    item('columns', t('designer.props.columns'), <ColumnsEditor columns={field.columns} onChange={(columns) => set({ columns }, 'columns')} />),
  ],
};
export default tableDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    table: typeof tableDesign;
  }
}
