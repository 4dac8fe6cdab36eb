import { FORM_BUTTON_TYPES, type FormIcon, type FormText } from '../types.ts';
import { formIconFromV1 } from '../iconsV1.ts';
import type { FormItemBase, LayoutKindDescriptor } from './descriptor.ts';
import { readIcon } from './shared.ts';
import { nonEmpty, V1_SIZES } from './v1.ts';

export interface FormButtonField extends FormItemBase {
  kind: 'button';
  text: FormText;
  /** an icon before the text */
  icon?: FormIcon;
  buttonType?: (typeof FORM_BUTTON_TYPES)[number];
  /** the button's own size; default the form's */
  size?: 'large' | 'middle' | 'small';
  /** submit or reset the form; none: a button the designer placed for generated code */
  action?: 'submit' | 'reset' | 'none';
  disabled?: boolean;
}

/** A button: submits or resets the form, or is placed for generated code. */
export const buttonKind: LayoutKindDescriptor<FormButtonField> = {
  kind: 'button',
  title: { zh: '按钮', en: 'Button' },
  layout: true,
  keys: ['text', 'icon', 'buttonType', 'size', 'action', 'disabled'],
  read({ r, put }) {
    put('text', r.text('text', true) ?? { zh: '' });
    put('icon', readIcon(r, 'icon'));
    put('buttonType', r.oneOf('buttonType', FORM_BUTTON_TYPES));
    put('size', r.oneOf('size', ['large', 'middle', 'small'] as const));
    put('action', r.oneOf('action', ['submit', 'reset', 'none'] as const));
    put('disabled', r.bool('disabled'));
  },
  v1: {
    matches: ({ tag }) => tag === 'el-button',
    read({ item, config, slot, id, label, out }) {
      out.name = nonEmpty(item.__vModel__) ?? nonEmpty(config.componentName) ?? `button${id ?? ''}`;
      out.text = { zh: String(slot.default ?? item.default ?? label ?? '') || label || '按钮' };
      const type = typeof item.type === 'string' ? item.type : undefined;
      if (type && (FORM_BUTTON_TYPES as readonly string[]).includes(type)) out.buttonType = type;
      if (item.disabled === true) out.disabled = true;
      const buttonSize = typeof item.size === 'string' ? V1_SIZES[item.size] : undefined;
      if (buttonSize) out.size = buttonSize;
      const buttonIcon = formIconFromV1(item.icon);
      if (buttonIcon) out.icon = buttonIcon;
    },
  },
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    button: typeof buttonKind;
  }
}
