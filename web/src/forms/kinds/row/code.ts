import type { FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

const rowCode: WebKindCode<FormFieldOf<'row'>> = {
  kind: 'row',
  column: (item, _ctx, { span, gutter, children }) =>
    `<Col span={${span}}><Row gutter={${item.gutter ?? gutter ?? 15}}${item.justify ? ` justify=${lit(item.justify)}` : ''}${item.align ? ` align=${lit(item.align)}` : ''}>${children(item.children)}</Row></Col>`,
};
export default rowCode;

declare module '../code.ts' {
  interface WebKindCodes {
    row: typeof rowCode;
  }
}
