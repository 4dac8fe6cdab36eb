import { Checkbox } from 'antd';
import type { FormCheckboxField } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { useOptionControl } from '../optionInput.tsx';

function CheckboxInput(props: KindInputProps<FormCheckboxField>) {
  const { value, change } = props;
  const { options, off, failed } = useOptionControl(props);
  return (
    <>
      <Checkbox.Group value={(Array.isArray(value) ? value : []) as (string | number)[]} onChange={(v) => change(v)} options={options.items} disabled={off} />
      {failed}
    </>
  );
}

export const checkboxKind: WebKindDescriptor<FormCheckboxField> = { kind: 'checkbox', Input: CheckboxInput };
