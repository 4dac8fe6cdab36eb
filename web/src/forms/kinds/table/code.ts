import type { FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

const tableCode: WebKindCode<FormFieldOf<'table'>> = {
  kind: 'table',
  column(item, ctx, { span, labelAttr, labelCol }) {
    ctx.antd.add('Table');
    const columns = item.columns.map((c) => ({ title: textOf(c.label, ctx.lang), dataIndex: c.name, key: c.name }));
    return `<Col span={${span}}><Form.Item${labelAttr}${labelCol}><Table<Record<string, unknown>> size="small" rowKey="key" pagination={false} dataSource={[]} columns={${lit(columns)}} /></Form.Item></Col>`;
  },
};
export default tableCode;

declare module '../code.ts' {
  interface WebKindCodes {
    table: typeof tableCode;
  }
}
