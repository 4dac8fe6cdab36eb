import { Radio } from 'antd';
import type { FormRadioField } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { useOptionControl } from '../optionInput.tsx';

function RadioInput(props: KindInputProps<FormRadioField>) {
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

export const radioKind: WebKindDescriptor<FormRadioField> = { kind: 'radio', Input: RadioInput };
