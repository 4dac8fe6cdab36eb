import { describe, expect, it } from 'vitest';
import type { ColumnMeta, FormValueField, TableMeta } from '@qb/contracts';
import { pageConfigFromMeta } from '../src/crud/configFromMeta.ts';
import en from '../src/i18n/manage.en-US.ts';
import zh from '../src/i18n/manage.zh-CN.ts';

const column = (c: Partial<ColumnMeta> & Pick<ColumnMeta, 'name' | 'type'>): ColumnMeta => ({
  title: { zh: c.name, en: c.name },
  required: false,
  filterable: true,
  sortable: true,
  ...c,
});

/** A table read back from MariaDB (issue 28 #4): the key, a text, a blob the server lists as hex and never writes. */
const readBack: TableMeta = {
  flag: 'rt',
  title: { zh: 'rt', en: 'rt' },
  softDelete: false,
  source: 10001,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    column({ name: 'id', type: 'int', serverFilled: true }),
    column({ name: 'name', type: 'nvarchar', length: 20 }),
    column({ name: 'photo', type: 'ntext', serverFilled: true }),
  ],
};
const translate = (texts: { crud: { readOnlyColumn: string } }) => (key: string) => (key === 'crud.readOnlyColumn' ? texts.crud.readOnlyColumn : key);

describe('a read-back column of a type the page cannot edit', () => {
  it('is in the dialog read-only, with the note in the page language; the key stays out', () => {
    for (const [lang, texts, label] of [
      ['zh-CN', zh, 'photo（只读：此类型的值不能在此页面编辑）'],
      ['en-US', en, 'photo (read-only: values of this type cannot be edited on this page)'],
    ] as const) {
      const config = pageConfigFromMeta(readBack, { key: 'rt', flag: 'rt' }, { lang, t: translate(texts) });
      const fields = config.form.fields as FormValueField[];
      expect(fields.map((f) => f.name)).toEqual(['name', 'photo']);
      expect(fields[1]).toMatchObject({ kind: 'textarea', readonly: true, label: { zh: label, en: label } });
      expect(fields[0]!.readonly).toBeUndefined();
    }
  });

  it('a built-in table keeps its server-filled columns out of the dialog', () => {
    const config = pageConfigFromMeta({ ...readBack, dynamic: false }, { key: 'rt', flag: 'rt' }, { lang: 'zh-CN' });
    expect(config.form.fields.map((f) => f.name)).toEqual(['name']);
  });
});
