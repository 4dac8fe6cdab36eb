import { describe, expect, it } from 'vitest';
import type { ColumnMeta, FormSchema, TableMeta, UserInfo } from '@qb/contracts';
import { formFieldStates, ownValue, validateFormValues, visibleFormValues } from '@qb/contracts';
import { canOn } from '../src/app/access.ts';
import { buildSearchWheres } from '../src/crud/searchWheres.ts';
import { pageConfigFromMeta } from '../src/crud/configFromMeta.ts';
import { applyLayout } from '../src/crud/layoutRecord.ts';
import { cellText } from '../src/crud/cells.tsx';
import { schemaFromTableMeta } from '../src/forms/schemaFromTableMeta.ts';
import { boundFormValues } from '../src/forms/boundForm.ts';
import { valueAtPath } from '../src/forms/useFieldOptions.ts';

/**
 * Issue 17 #2 in the browser's code: a table, a column or a form field may be named `constructor`, `toString`…
 * (user data); every lookup keyed by such a name reads own properties only, so nothing is found on Object.prototype.
 */
const KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString'];

const column = (name: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type: 'nvarchar',
  title: { zh: name, en: name },
  required: false,
  filterable: true,
  sortable: true,
  search: 'input',
  ...extra,
});
const meta: TableMeta = {
  flag: 'constructor',
  title: { zh: 'proto', en: 'proto' },
  softDelete: false,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [column('id', { type: 'int', search: undefined, ui: { list: false, form: false } }), ...KEYS.map((k) => column(k))],
};

describe('names of the object prototype as user data (web)', () => {
  it('grants of a table named after one are read as grants, not as the prototype', () => {
    const user = { isAdmin: false, grants: { other: ['view'] } } as unknown as UserInfo;
    for (const key of KEYS) expect(canOn(user, key), key).toEqual({ view: false, save: false, delete: false, import: false, export: false });
  });

  it('the generated page, its layout, search, cells and form treat those columns like any other', () => {
    const config = pageConfigFromMeta(meta, { key: 'proto', flag: 'constructor' }, { lang: 'en-US' });
    expect(config.fields.map((f) => f.name)).toEqual(KEYS);
    for (const f of config.fields) {
      expect(f.column, f.name).toMatchObject({ kind: 'text' });
      expect(f.search, f.name).toEqual({});
    }
    // empty search values send nothing; filled ones send their own value
    expect(buildSearchWheres({}, config.fields)).toEqual({});
    expect(buildSearchWheres({ toString: 'x' }, config.fields)).toEqual({ toString: { type: 'like', value: 'x' } });
    // a row without the value shows an empty cell, not the prototype's function
    for (const f of config.fields) expect(cellText(f, 'text', { id: 1 }, {}), f.name).toBe('');
    const layout = applyLayout({ key: 'proto', flag: 'constructor' }, meta, {
      flag: 'constructor',
      columns: ['valueOf'],
      search: ['toString'],
      formFields: KEYS,
    });
    expect(layout.order?.[0]).toBe('valueOf');
    expect(new Set(layout.order)).toEqual(new Set(KEYS));
    expect(ownValue(layout.fields!, 'valueOf')?.column).toMatchObject({ hidden: false });
    expect(ownValue(layout.fields!, 'constructor')?.column).toBe(false);
    for (const k of KEYS) expect(Object.hasOwn(layout.fields!, k), k).toBe(true);
    const schema = schemaFromTableMeta(meta);
    expect(schema.fields.map((f) => ('name' in f ? f.name : ''))).toEqual(KEYS);
    expect(boundFormValues(schema, {})).toEqual({});
    // an option source's data path (user data) reads the answer's own properties only
    expect(valueAtPath({ data: [1] }, 'constructor')).toBeUndefined();
    expect(valueAtPath({ data: [1] }, 'data.constructor')).toBeUndefined();
    expect(valueAtPath({ data: { toString: [2] } }, 'data.toString')).toEqual([2]);
  });

  it('linkage and checks of form fields named after them read only the values given', () => {
    const schema: FormSchema = {
      version: 2,
      fields: [
        { kind: 'text', name: 'constructor', label: { zh: 'a' }, rules: { required: true } },
        { kind: 'text', name: 'toString', label: { zh: 'b' }, linkage: [{ when: { field: 'valueOf', op: 'filled' }, then: 'show' }] },
        { kind: 'text', name: 'valueOf', label: { zh: 'c' } },
      ],
    };
    const states = formFieldStates(schema, {});
    expect(ownValue(states, 'toString')?.visible).toBe(false);
    expect(validateFormValues(schema, {}, 'en').map((p) => p.field)).toEqual(['constructor']);
    expect(visibleFormValues(schema, {})).toEqual({});
    expect(visibleFormValues(schema, { constructor: 'x', valueOf: 'y', toString: 'z' })).toEqual({ constructor: 'x', valueOf: 'y', toString: 'z' });
  });
});
