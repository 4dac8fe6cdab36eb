import { Select } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { useOptionControl } from '../optionInput.tsx';

function SelectInput(props: KindInputProps<FormFieldOf<'select'>>) {
  const { field, value, change, id, aria, placeholder } = props;
  const { options, off, status, failed } = useOptionControl(props);
  return (
    <>
      <Select
        id={id}
        {...aria}
        value={value}
        onChange={change}
        options={options.items}
        mode={field.multiple ? 'multiple' : undefined}
        allowClear
        showSearch={field.filterable || !Array.isArray(field.options) ? { optionFilterProp: 'label' } : undefined}
        loading={options.loading}
        disabled={off || options.waiting}
        placeholder={placeholder}
        status={status}
      />
      {failed}
    </>
  );
}

const selectKind: WebKindDescriptor<FormFieldOf<'select'>> = { kind: 'select', Input: SelectInput };
export default selectKind;

declare module '../index.ts' {
  interface WebKindInputs {
    select: typeof selectKind;
  }
}
