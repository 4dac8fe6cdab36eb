import { Radio } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { useOptionControl } from '../optionInput.tsx';

function RadioInput(props: KindInputProps<FormFieldOf<'radio'>>) {
  const { field, value, change, id } = props;
  const { options, off, failed } = useOptionControl(props);
  return (
    <>
      {field.button ? (
        <Radio.Group
          id={id}
          value={value}
          onChange={(e) => change(e.target.value)}
          options={options.items}
          optionType="button"
          buttonStyle="solid"
          disabled={off}
        />
      ) : (
        <Radio.Group id={id} value={value} onChange={(e) => change(e.target.value)} options={options.items} disabled={off} />
      )}
      {failed}
    </>
  );
}

const radioKind: WebKindDescriptor<FormFieldOf<'radio'>> = { kind: 'radio', Input: RadioInput };
export default radioKind;

declare module '../index.ts' {
  interface WebKindInputs {
    radio: typeof radioKind;
  }
}
