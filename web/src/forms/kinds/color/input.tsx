import { ColorPicker } from 'antd';
import type { FormColorField } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function ColorInput({ field, value, change, disabled, readOnly }: KindInputProps<FormColorField>) {
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

export const colorKind: WebKindDescriptor<FormColorField> = { kind: 'color', Input: ColorInput };
