import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';

/** Table definitions saved as the data-table page saves them (tables-local and tables-external tests). */

export interface FieldSpec {
  columnName: string;
  type: string;
  length?: number;
  primaryKey?: 1;
  nonEmpty?: 1;
  autoIncrement?: 1;
  intro?: string;
}

export const threeColumns = (): FieldSpec[] => [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
  { columnName: 'title', type: 'nvarchar', length: 20, intro: '标题' },
  { columnName: 'price', type: 'money', intro: '价格' },
];

/** Saves a definition as the data-table page does (master-slave save); answers the sheet id. */
export async function defineTable(t: TestApp, tableName: string, fields: FieldSpec[], sourceId = 10000, intro = ''): Promise<number> {
  const r = await t.post('/api/action/masterSlave/', {
    _flag: 'sys_dataSheet',
    _flagChidren: 'sys_tableFields',
    bindField: 'parentid',
    mainData: { tableName, intro, parentid: sourceId },
    chidrenData: fields,
  });
  expect(r.statusCode, r.body).toBe(200);
  return Number(r.json().data.id);
}

export async function addField(t: TestApp, sheetId: number, field: FieldSpec): Promise<number> {
  const r = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { ...field, parentid: sheetId } });
  expect(r.statusCode, r.body).toBe(200);
  return Number(r.json().data.id);
}

export const history = (t: TestApp, sheetId: number) =>
  t.ctx.conn.db.selectFrom('sys_ddlHistory').selectAll().where('sheetId', '=', sheetId).orderBy('id').execute();
