import { Checkbox } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { useOptionControl } from '../optionInput.tsx';

function CheckboxInput(props: KindInputProps<FormFieldOf<'checkbox'>>) {
  const { value, change } = props;
  const { options, off, failed } = useOptionControl(props);
  return (
    <>
      <Checkbox.Group value={(Array.isArray(value) ? value : []) as (string | number)[]} onChange={(v) => change(v)} options={options.items} disabled={off} />
      {failed}
    </>
  );
}

const checkboxKind: WebKindDescriptor<FormFieldOf<'checkbox'>> = { kind: 'checkbox', Input: CheckboxInput };
export default checkboxKind;

declare module '../index.ts' {
  interface WebKindInputs {
    checkbox: typeof checkboxKind;
  }
}
