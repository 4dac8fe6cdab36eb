import { Cascader } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';
import { pathOf, useOptionControl } from '../optionInput.tsx';

function CascaderInput(props: KindInputProps<FormFieldOf<'cascader'>>) {
  const { field, value, change, id, aria, placeholder } = props;
  const { options, off, status, failed } = useOptionControl(props);
  // emitPath false: the value is the chosen option itself; the cascader still shows its path
  const leafOnly = field.emitPath === false;
  if (field.multiple) {
    const list = Array.isArray(value) ? value : [];
    const paths = leafOnly ? list.map((v) => pathOf(options.items, v)) : list;
    return (
      <>
        <Cascader
          id={id}
          {...aria}
          multiple
          value={paths as (string | number)[][]}
          onChange={(v) => change(leafOnly ? (v ?? []).map((p) => p[p.length - 1]) : (v ?? []))}
          options={options.items}
          showSearch
          disabled={off}
          placeholder={placeholder}
          status={status}
        />
        {failed}
      </>
    );
  }
  const path = leafOnly ? pathOf(options.items, value) : Array.isArray(value) ? value : [];
  return (
    <>
      <Cascader
        id={id}
        {...aria}
        value={path as (string | number)[]}
        onChange={(v) => change(leafOnly ? (v && v.length ? v[v.length - 1] : null) : (v ?? []))}
        options={options.items}
        changeOnSelect={!!field.changeOnSelect}
        allowClear
        showSearch
        disabled={off}
        placeholder={placeholder}
        status={status}
      />
      {failed}
    </>
  );
}

const cascaderKind: WebKindDescriptor<FormFieldOf<'cascader'>> = { kind: 'cascader', Input: CascaderInput };
export default cascaderKind;

declare module '../index.ts' {
  interface WebKindInputs {
    cascader: typeof cascaderKind;
  }
}
