import type { FormText } from '../types.ts';
import { at, FORM_SCHEMA_LIMITS, isObj, Reader, show } from '../parseReader.ts';
import type { FormItemBase, LayoutKindDescriptor } from './descriptor.ts';
import { nonEmpty } from './v1.ts';

export interface FormTableField extends FormItemBase {
  kind: 'table';
  columns: { name: string; label: FormText }[];
}

/** A table's columns (form-generator's el-table). */
export const tableKind: LayoutKindDescriptor<FormTableField> = {
  kind: 'table',
  title: { zh: '表格', en: 'Table' },
  layout: true,
  keys: ['columns'],
  read({ r, put }) {
    const v = r.o;
    const p = r.p;
    const cpath = at(r.path, 'columns');
    const columns: FormTableField['columns'] = [];
    if (!Array.isArray(v.columns))
      p.add(cpath, v.columns === undefined ? 'is required (a list of { "name", "label" })' : `must be a list, not ${show(v.columns)}`);
    else {
      v.columns.forEach((c, i) => {
        const ipath = at(cpath, i);
        if (!isObj(c)) return p.add(ipath, `must be { "name": "…", "label": {…} }, not ${show(c)}`);
        const cr = new Reader(c, ipath, p);
        cr.keys(['name', 'label']);
        const cname = cr.str('name', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: /^[\w$]+$/, what: 'a property name' });
        const label = cr.text('label', true);
        if (cname && label) columns.push({ name: cname, label });
      });
    }
    put('columns', columns);
  },
  v1: {
    matches: ({ tag }) => tag === 'el-table',
    read({ config, id, out }) {
      out.name = nonEmpty(config.componentName) ?? `table${id ?? ''}`;
      const children = Array.isArray(config.children) ? config.children : [];
      out.columns = children.filter(isObj).map((c) => ({ name: String(c.prop ?? ''), label: { zh: String(c.label ?? c.prop ?? '') } }));
    },
  },
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    table: typeof tableKind;
  }
}
