import { ColorPicker } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function ColorInput({ field, value, change, disabled, readOnly }: KindInputProps<FormFieldOf<'color'>>) {
  const format = field.format ?? 'hex';
  return (
    <ColorPicker
      value={typeof value === 'string' && value ? value : undefined}
      format={format}
      // an empty picker holds a transparent colour: alpha is locked once there is one
      disabledAlpha={!field.alpha && typeof value === 'string' && value !== ''}
      allowClear
      showText
      onChange={(color) => change(format === 'rgb' ? color.toRgbString() : format === 'hsb' ? color.toHsbString() : color.toHexString())}
      onClear={() => change(null)}
      disabled={disabled || readOnly}
    />
  );
}

const colorKind: WebKindDescriptor<FormFieldOf<'color'>> = { kind: 'color', Input: ColorInput };
export default colorKind;

declare module '../index.ts' {
  interface WebKindInputs {
    color: typeof colorKind;
  }
}
