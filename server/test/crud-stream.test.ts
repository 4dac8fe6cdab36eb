import { SYSTEM } from '../src/access/index.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** Rows with ties, NULLs and case/space variants in the sorted columns, so that chunk boundaries fall inside runs of equal keys. */
function questionRows(count: number, from = 0) {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      parentId: 1 + (i % 3),
      typeId: i % 7 === 0 ? null : i % 5,
      name: ['abc', 'ABC', 'abc ', 'Abd', '题目'][i % 5]!,
      correctOptions: i % 4 === 0 ? null : 'ABCD'[i % 4]!,
      createTime: i % 6 === 0 ? null : `2026-0${1 + (i % 3)}-0${1 + (i % 4)} 00:00:00`,
      isdelete: i % 13 === 0 ? 1 : 0,
    };
  });
}

async function insertQuestions(t: TestApp, rows: Record<string, unknown>[]) {
  await t.ctx.crud.writeTransaction(['questionBank'], async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('questionBank')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
}

const queryString = (flag: string, query: Record<string, unknown>) => {
  const params = new URLSearchParams({ _flag: flag });
  for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `/api/select/?${params}`;
};

describe.each(engines)('large list pages streamed in chunks on %s', (engine, url) => {
  let t: TestApp;
  const streaming = () => t.ctx.crud.streaming;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    await insertQuestions(t, questionRows(230));
  });
  afterAll(async () => t?.close());

  /** The page as a client gets it, and whether it came as a stream (no Content-Length). */
  async function page(flag: string, query: Record<string, unknown>) {
    const r = await t.get(queryString(flag, query));
    return { status: r.statusCode, text: r.body, streamed: r.headers['content-length'] === undefined, type: r.headers['content-type'] };
  }

  /** The same rows read the ordinary way, ten at a time. */
  async function pagedThrough(flag: string, query: Record<string, unknown>, from: number, count: number) {
    const rows: unknown[] = [];
    let total = -1;
    for (let p = Math.floor(from / 10) + 1; rows.length < count; p++) {
      const r = await t.select(flag, { ...query, page: String(p), row: '10' });
      expect(r.status).toBe(200);
      total = r.body.total;
      rows.push(...r.body.data);
      if (r.body.data.length < 10) break;
    }
    return { rows: rows.slice(0, count), total };
  }

  const queries: [string, Record<string, unknown>][] = [
    ['the default order', {}],
    ['id descending', { sort: 'id', sortType: 'desc' }],
    ['a column with ties and NULLs, ascending', { sort: 'typeId' }],
    ['a column with ties and NULLs, descending', { sort: 'typeId', sortType: 'desc' }],
    ['two columns in opposite directions', { sort: 'correctOptions, createTime', sortType: 'desc, asc' }],
    ['texts that differ in case and trailing space, with wheres', { sort: 'name, createTime', wheres: { parentId: [1, 2] } }],
    ['a datetime descending with an isNull condition', { sort: 'createTime', sortType: 'desc', wheres: { typeId: { type: 'isNull', value: false } } }],
  ];

  it.each(queries)('answers the same rows and total as paging through with small pages: %s', async (_name, query) => {
    streaming().above = 10;
    streaming().chunkRows = 7;
    try {
      const streamed = await page('questionBank', { ...query, row: '1000' });
      expect(streamed.status).toBe(200);
      expect(streamed.streamed).toBe(true);
      expect(streamed.type).toBe('application/json; charset=utf-8');
      const body = JSON.parse(streamed.text);
      const expected = await pagedThrough('questionBank', query, 0, 1000);
      expect(body.total).toBe(expected.total);
      expect(body.total).toBeGreaterThan(100);
      expect(body.data).toEqual(expected.rows);
    } finally {
      streaming().above = 2000;
      streaming().chunkRows = 500;
    }
  });

  it('answers a later page from its offset, then by keyset', async () => {
    streaming().above = 10;
    streaming().chunkRows = 7;
    try {
      const query = { sort: 'typeId', sortType: 'desc' };
      const streamed = await page('questionBank', { ...query, page: '2', row: '40' });
      expect(streamed.streamed).toBe(true);
      const expected = await pagedThrough('questionBank', query, 40, 40);
      expect(JSON.parse(streamed.text).data).toEqual(expected.rows);
    } finally {
      streaming().above = 2000;
      streaming().chunkRows = 500;
    }
  });

  it('writes exactly the bytes of the ordinary answer, for a full page, an empty one and one with hasChildren', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['questionBank', { sort: 'name', row: '500' }],
      ['questionBank', { wheres: { name: 'nothing like this' }, row: '500' }],
      ['questionsClass', { _hasChildren: 'parentId', sort: 'sortNum', row: '500' }],
    ];
    for (const [flag, query] of cases) {
      const ordinary = await page(flag, query);
      expect(ordinary.streamed).toBe(false);
      streaming().above = -1;
      streaming().chunkRows = 2;
      try {
        const streamed = await page(flag, query);
        expect(streamed.streamed).toBe(true);
        expect(streamed.text).toBe(ordinary.text);
      } finally {
        streaming().above = 2000;
        streaming().chunkRows = 500;
      }
    }
    const empty = await page('questionBank', { wheres: { name: 'nothing like this' }, row: '500' });
    expect(empty.text).toBe('{"status":200,"success":true,"message":"ok","data":[],"total":0}');
    const tree = JSON.parse((await page('questionsClass', { _hasChildren: 'parentId', sort: 'sortNum', row: '500' })).text).data;
    expect(tree.some((r: any) => r.hasChildren === true)).toBe(true);
    expect(tree.some((r: any) => r.hasChildren === false)).toBe(true);
  });

  it('refuses a bad query with a 400 envelope before anything is streamed', async () => {
    streaming().above = -1;
    try {
      for (const query of [{ sort: 'nope' }, { wheres: '{' }, { row: '100001' }, { sortType: 'sideways' }, { _hasChildren: 'typeId' }]) {
        const r = await page('questionBank', query);
        expect(r.status, JSON.stringify(query)).toBe(400);
        expect(JSON.parse(r.text)).toMatchObject({ status: false, success: false });
      }
    } finally {
      streaming().above = 2000;
    }
  });

  it.each([
    ['id order (each chunk after the last id)', { sort: 'id', sortType: 'desc' }],
    ['another order (the ids first, then the rows by id)', { sort: 'typeId' }],
  ])('neither repeats nor skips a row when rows already read are deleted between two chunks: %s', async (_name, order) => {
    const admin = { ...SYSTEM, id: 1, loginid: 'admin', name: 'admin', system: undefined };
    const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', ...order, row: '1000' }, admin);
    const before = (await pagedThrough('questionBank', order, 0, 1000)).rows.map((r: any) => r.id);
    const seen: number[] = [];
    let deleted: number[] = [];
    for await (const rows of t.ctx.crud.selectChunks(plan, 25)) {
      seen.push(...rows.map((r) => r.id as number));
      if (deleted.length === 0) {
        // reading on by offset would now start 10 rows too far along, and skip 10 rows
        deleted = seen.slice(0, 10);
        await t.ctx.crud.delete('questionBank', deleted, admin);
      }
    }
    expect(seen).toEqual(before);
    await t.ctx.crud.writeTransaction(['questionBank'], (trx) => trx.updateTable('questionBank').set({ isdelete: 0 }).where('id', 'in', deleted).execute());
  });

  it("leaves out a row deleted after the page's ids were read but before its chunk", async () => {
    const admin = { ...SYSTEM, id: 1, loginid: 'admin', name: 'admin', system: undefined };
    const order = { sort: 'typeId', sortType: 'desc' };
    const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', ...order, row: '1000' }, admin);
    const before = (await pagedThrough('questionBank', order, 0, 1000)).rows.map((r: any) => r.id);
    const seen: number[] = [];
    let deleted: number | undefined;
    for await (const rows of t.ctx.crud.selectChunks(plan, 25)) {
      seen.push(...rows.map((r) => r.id as number));
      if (deleted === undefined) {
        deleted = before[100];
        await t.ctx.crud.delete('questionBank', [deleted], admin);
      }
    }
    expect(seen).toEqual(before.filter((id: number) => id !== deleted));
    await t.ctx.crud.writeTransaction(['questionBank'], (trx) => trx.updateTable('questionBank').set({ isdelete: 0 }).where('id', '=', deleted!).execute());
  });
});

/** GET over the socket; resolves with the status and the body's bytes, or rejects if the response was cut. */
function fetchBody(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.once('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts) }));
        res.once('aborted', () => reject(new Error('aborted')));
        res.once('error', reject);
      })
      .once('error', reject);
  });
}

describe('a 99,999-row page over a real socket on sqlite', () => {
  let t: TestApp;
  let base: string;
  const ROWS = 100_000;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await insertQuestions(
      t,
      Array.from({ length: ROWS }, (_, i) => ({
        parentId: 1 + (i % 20),
        typeId: 1 + (i % 200),
        name: `第 ${i} 题：下列说法中哪一项是正确的？`,
        options: '["选项一","选项二","选项三","选项四"]',
        correctOptions: 'ABCD'[i % 4]!,
        subject: '解析文字',
        createTime: '2026-01-01 00:00:00',
        isdelete: 0,
      })),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t?.close());

  const bigPage = (extra = '') => `${base}/api/select/?_flag=questionBank&page=1&row=99999${extra}`;

  it.each([
    ['in id order', ''],
    ['sorted by a column without an index (the ids are sorted in a worker thread)', '&sort=name&sortType=desc'],
  ])(
    'answers health calls all along while the page is produced and sent: %s',
    async (_name, extra) => {
      const started = performance.now();
      let finished = 0;
      const big = fetch(bigPage(extra), { headers: { authorization: t.token } }).then(async (r) => {
        const text = await r.text();
        finished = performance.now();
        return { status: r.status, body: JSON.parse(text) as { data: unknown[]; total: number } };
      });
      const answered: number[] = [];
      while (finished === 0) {
        const r = await fetch(`${base}/api/health`);
        expect(await r.json()).toEqual({ status: true });
        if (finished === 0) answered.push(performance.now());
      }
      const { status, body } = await big;
      expect(status).toBe(200);
      expect(body.data).toHaveLength(99_999);
      expect(body.total).toBe(ROWS + 50);
      if (extra !== '') {
        // SQLite compares texts by their bytes, which is the code-point order JavaScript uses for these texts
        const names = (body.data as { name: string }[]).map((r) => r.name);
        expect(names.findIndex((name, i) => i > 0 && name > names[i - 1]!)).toBe(-1);
      }
      // interleaving, not speed: health was answered throughout the call, never held for half of it
      const instants = [started, ...answered, finished];
      const longestWait = Math.max(...instants.slice(1).map((at, i) => at - instants[i]!));
      expect(answered.length).toBeGreaterThanOrEqual(10);
      expect(longestWait).toBeLessThan((finished - started) / 2);
    },
    120_000,
  );

  it('reads no further while the client does not read, and stops reading when it goes away', async () => {
    const original = t.ctx.crud.selectChunks.bind(t.ctx.crud);
    let chunksRead = 0;
    let readsEnded = false;
    const spy = vi.spyOn(t.ctx.crud, 'selectChunks').mockImplementation(async function* (plan, chunkRows) {
      try {
        for await (const rows of original(plan, chunkRows)) {
          chunksRead++;
          yield rows;
        }
      } finally {
        readsEnded = true;
      }
    });
    try {
      const request = http.get(bigPage(), { headers: { authorization: t.token } });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      await new Promise((resolve) => response.once('data', resolve));
      response.pause();
      const settle = async () => {
        for (let last = -1; last !== chunksRead;) {
          last = chunksRead;
          await new Promise((r) => setTimeout(r, 300));
        }
      };
      await settle();
      const stalledAt = chunksRead;
      expect(stalledAt).toBeGreaterThan(0);
      expect(stalledAt).toBeLessThan(200); // 99,999 rows are 200 chunks of 500
      expect(readsEnded).toBe(false);
      request.destroy();
      for (let i = 0; i < 50 && !readsEnded; i++) await new Promise((r) => setTimeout(r, 20));
      expect(readsEnded).toBe(true);
      expect(chunksRead).toBeLessThanOrEqual(stalledAt + 1);
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: true });
      const small = await (await fetch(`${base}/api/select/?_flag=questionBank&row=5`, { headers: { authorization: t.token } })).json();
      expect((small as { data: unknown[] }).data).toHaveLength(5);
    } finally {
      spy.mockRestore();
    }
  }, 120_000);

  it.each(['xlsx', 'csv'])('stops reading when the client of a %s export goes away', async (format) => {
    const original = t.ctx.crud.selectChunks.bind(t.ctx.crud);
    let chunksRead = 0;
    let readsEnded = false;
    const spy = vi.spyOn(t.ctx.crud, 'selectChunks').mockImplementation(async function* (plan, chunkRows) {
      try {
        for await (const rows of original(plan, chunkRows)) {
          chunksRead++;
          yield rows;
        }
      } finally {
        readsEnded = true;
      }
    });
    try {
      const q = new URLSearchParams({
        _flag: 'questionBank',
        wheres: JSON.stringify({ id: { type: 'lte', value: 90_000 } }),
        columns: JSON.stringify([
          { name: 'name', title: '题目' },
          { name: 'parentId', title: '科目', ref: { flag: 'questionsClass' } },
        ]),
        format,
      });
      const request = http.get(`${base}/api/export/table/?${q}`, { headers: { authorization: t.token } });
      request.once('error', () => {});
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      expect(response.statusCode).toBe(200);
      // read on until rows are being read (the first bytes of an xlsx come before any row)
      await new Promise<void>((resolve) => response.on('data', () => chunksRead >= 2 && resolve()));
      request.destroy();
      for (let i = 0; i < 100 && !readsEnded; i++) await new Promise((r) => setTimeout(r, 20));
      expect(readsEnded).toBe(true);
      expect(chunksRead).toBeLessThan(180); // 90,000 rows are 180 chunks of 500
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: true });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a failing first read as a 500, and cuts the response when a later read fails; the server goes on', async () => {
    const failAfter = (chunks: number) =>
      vi.spyOn(t.ctx.crud, 'selectChunks').mockImplementation(async function* () {
        for (let i = 0; i < chunks; i++) yield [{ id: i + 1 }];
        throw new Error('the database went away');
      });
    const first = failAfter(0);
    try {
      const r = await fetchBody(bigPage(), { authorization: t.token });
      expect(r.status).toBe(500);
      expect(JSON.parse(r.body.toString())).toMatchObject({ status: false, success: false });
    } finally {
      first.mockRestore();
    }
    const later = failAfter(3);
    try {
      await expect(fetchBody(bigPage(), { authorization: t.token })).rejects.toThrow();
    } finally {
      later.mockRestore();
    }
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: true });
  });

  it('refuses an export of more than 100,000 rows before writing anything', async () => {
    const q = new URLSearchParams({ _flag: 'questionBank', columns: JSON.stringify([{ name: 'name', title: '题目' }]), format: 'csv' });
    const r = await fetch(`${base}/api/export/table/?${q}`, { headers: { authorization: t.token } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toContain('100000');
  });
});
