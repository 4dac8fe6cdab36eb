import { Button, Form } from 'antd';
import type { ButtonProps } from 'antd/es/button';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { LayoutItemProps, WebKindDescriptor } from '../descriptor.ts';

const BUTTON_LOOKS: Record<NonNullable<FormFieldOf<'button'>['buttonType']>, ButtonProps> = {
  default: {},
  primary: { type: 'primary' },
  success: { color: 'green', variant: 'solid' },
  warning: { color: 'orange', variant: 'solid' },
  danger: { color: 'danger', variant: 'solid' },
  info: { color: 'default', variant: 'filled' },
  text: { type: 'text' },
};

/** A button: submits, resets or does nothing. */
function ButtonItem({ field, disabled, lang, form }: LayoutItemProps<FormFieldOf<'button'>>) {
  return (
    <Form.Item label={field.showLabel === false ? undefined : formTextIn(field.label, lang) || undefined} colon={false}>
      <Button
        {...BUTTON_LOOKS[field.buttonType ?? 'primary']}
        size={field.size}
        htmlType={field.action === 'submit' ? 'submit' : 'button'}
        onClick={field.action === 'reset' ? () => form.resetFields() : undefined}
        disabled={disabled}
        icon={formIconNode(field.icon)}
        data-testid={`form-button-${field.name}`}
      >
        {formTextIn(field.text, lang)}
      </Button>
    </Form.Item>
  );
}

const buttonKind: WebKindDescriptor<FormFieldOf<'button'>> = { kind: 'button', Item: ButtonItem };
export default buttonKind;

declare module '../index.ts' {
  interface WebKindInputs {
    button: typeof buttonKind;
  }
}
