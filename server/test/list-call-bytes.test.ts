import Database from '../src/db/sqliteDriver.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utf8Of } from '../src/http/openapi.ts';
import type { RegisteredTable } from '../src/schema/types.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// What a list call spends less on (docs/performance.md, issue 32), checked to change nothing answered.
describe('answers written into shared slabs', () => {
  it('gives every answer bytes of its own that later answers never overwrite', () => {
    const texts: string[] = [];
    const kept: Buffer[] = [];
    // ASCII, Chinese (3 bytes a character), a surrogate pair (4 bytes), a lone surrogate (written as U+FFFD), sizes
    // around the slab's quarter and enough of them to fill several slabs
    const pieces = ['{"a":1}', '题库管理后台', '😀', '\ud800', 'x'.repeat(5000), '题'.repeat(1800), '题'.repeat(21_846)];
    for (let i = 0; i < 600; i++) {
      const text = `${pieces[i % pieces.length]}${i}${pieces[(i * 7) % pieces.length]}`;
      texts.push(text);
      kept.push(utf8Of(text));
    }
    for (const [i, bytes] of kept.entries()) expect(bytes.equals(Buffer.from(texts[i]!)), `answer ${i}`).toBe(true);
    // no two answers share a byte
    const ranges = kept
      .filter((b) => b.buffer.byteLength > b.length)
      .map((b) => [b.buffer, b.byteOffset, b.byteOffset + b.length] as const)
      .sort((x, y) => (x[0] === y[0] ? x[1] - y[1] : 0));
    for (let i = 1; i < ranges.length; i++) if (ranges[i]![0] === ranges[i - 1]![0]) expect(ranges[i]![1]).toBeGreaterThanOrEqual(ranges[i - 1]![2]);
  });
});

describe("the creators' names of a page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('names each page by its own accounts when the statement is kept from an earlier page', async () => {
    const ids: Record<string, number> = {};
    for (const who of ['a', 'b', 'c']) {
      const user = await t.post('/api/user/save/', { params: { loginid: `creator-${who}`, name: `名-${who}` } });
      expect(user.statusCode, user.body).toBe(200);
      ids[who] = Number(user.json().data.id);
    }
    const table = t.ctx.registry.get('questionBank') as RegisteredTable;
    expect(table.columns.get('createdBy')?.creator).toBe(true);
    const named = async (creators: (number | null)[]) => {
      const rows: Record<string, unknown>[] = creators.map((createdBy) => ({ createdBy }));
      await (t.ctx.crud as unknown as { nameCreators(table: RegisteredTable, rows: Record<string, unknown>[]): Promise<void> }).nameCreators(table, rows);
      return rows.map((r) => r.createdByName);
    };
    // one account per page, then two: the second page of each size reuses the first one's statement
    expect(await named([ids.a!, ids.a!])).toEqual(['名-a', '名-a']);
    expect(await named([ids.b!, null])).toEqual(['名-b', null]);
    expect(await named([ids.a!, ids.b!])).toEqual(['名-a', '名-b']);
    expect(await named([ids.c!, ids.b!, ids.c!])).toEqual(['名-c', '名-b', '名-c']);
    expect(await named([999_999])).toEqual([null]);
  });

  it("keeps the names while no account changes, and reads them again after a rename or another connection's write", async () => {
    const user = await t.post('/api/user/save/', { params: { loginid: 'creator-kept', name: '旧名' } });
    const id = Number(user.json().data.id);
    const table = t.ctx.registry.get('questionBank') as RegisteredTable;
    const crud = t.ctx.crud as unknown as { accountReads: number; nameCreators(table: RegisteredTable, rows: Record<string, unknown>[]): Promise<void> };
    const named = async () => {
      const rows: Record<string, unknown>[] = [{ createdBy: id }, { createdBy: 1 }];
      await crud.nameCreators(table, rows);
      return rows[0]!.createdByName;
    };
    expect(await named()).toBe('旧名');
    const reads = crud.accountReads;
    expect(await named()).toBe('旧名');
    expect(await named()).toBe('旧名');
    expect(crud.accountReads).toBe(reads);
    // renamed through the accounts' service: the next page says the new name
    const renamed = await t.post('/api/user/save/', { params: { id, name: '新名' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await named()).toBe('新名');
    expect(crud.accountReads).toBe(reads + 1);
    // written by another connection to the same file (another process, a tool): PRAGMA data_version moves
    const file = t.ctx.conn.sqlite!.name;
    expect(file).not.toBe(':memory:');
    const other = new Database(file);
    other.prepare('update sys_user set name = ? where id = ?').run('别处改的', id);
    other.close();
    expect(await named()).toBe('别处改的');
  });
});
