import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SecretBox } from '../src/datasources/secretBox.ts';
import { insertReturningId } from '../src/db/insert.ts';
import { blockConnections, CONTROL_CHARACTERS } from './attack-sources-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Attack (issue 17 #6): control characters in a connection field. A NUL in the PostgreSQL user name
 * (`postgres\0options\0-c search_path=…`) added startup parameters and changed the session; CR/LF went to the wire as
 * they are. Every class of control character in every connection field, on every engine, through the connection
 * test, the generic save (insert and edit) and a row stored by an earlier release, is a 400 naming the field, before
 * any connection. Also: the stored password goes only to the database it was saved for. SQLite files and
 * SOURCES_DENY_PRIVATE: attack-sources-files.test.ts.
 */

const FIELDS = ['mainAddr', 'port', 'databaseName', 'databaseUser', 'databasePsd'] as const;
const show = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A field's value with the character inside it (and, for text, at its end, which trimming used to swallow silently). */
function poisoned(field: (typeof FIELDS)[number], c: string, at: 'inside' | 'end'): string {
  const base = { mainAddr: '127.0.0.1', port: '5432', databaseName: 'db', databaseUser: 'postgres', databasePsd: 'pw' }[field];
  if (field === 'databaseUser' && at === 'inside') return `postgres${c}options${c}-c search_path=information_schema`;
  return at === 'end' ? `${base}${c}` : `${base.slice(0, 2)}${c}${base.slice(2)}`;
}

function expectFieldRefused(r: { statusCode: number; body: string; json(): any }, field: string, label: string) {
  expect(r.statusCode, `${label}: ${r.body}`).toBe(400);
  const answer = r.json();
  expect(answer.status, label).toBe(false);
  // a port with a control character is not a number: the schema's or the column's 400, naming port
  if (field !== 'port') expect(answer.code, `${label}: ${r.body}`).toBe('SOURCE_CONTROL_CHARACTER');
  expect(answer.message, label).toContain(field);
}

describe('connection fields refuse control characters (app on SQLite)', () => {
  let t: TestApp;
  let guard: ReturnType<typeof blockConnections>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => guard?.restore());

  const form = { sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'db', databaseUser: 'postgres', databasePsd: 'pw' };
  const connsqlRows = async () => t.ctx.conn.db.selectFrom('sys_connsql').selectAll().orderBy('id').execute();

  it('the connection test: every class × every field × every engine is a 400 naming the field, no connection tried', async () => {
    guard = blockConnections();
    for (const sqlType of [1, 2, 3, 4, 5]) {
      const clean = { ...form, sqlType, ...(sqlType === 5 ? { databaseName: '/nonexistent/qb.sqlite', mainAddr: 'localhost' } : {}) };
      for (const field of FIELDS) {
        for (const c of CONTROL_CHARACTERS) {
          for (const at of field === 'port' ? (['inside'] as const) : (['inside', 'end'] as const)) {
            const value = field === 'databaseName' && sqlType === 5 ? `/nonexistent/q${c}b.sqlite${at === 'end' ? c : ''}` : poisoned(field, c, at);
            const r = await t.post('/api/datasources/test/', { ...clean, [field]: value });
            expectFieldRefused(r, field, `type ${sqlType} ${field} ${show(c)} ${at}`);
          }
        }
      }
    }
    expect(guard.attempts).toEqual([]);
    // English names the field too
    const en = await t.post('/api/datasources/test/', { ...form, databaseUser: 'a\u0000b' }, { 'accept-language': 'en-US' });
    expect(en.json().message).toBe('The databaseUser of a data source must not contain control characters (NUL, line feed, carriage return, tab…)');
  });

  it('the generic save (new source and edit): every class × every field is a 400 naming the field; nothing is written', async () => {
    const saved = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { name: '源', englishName: 'src', ...form } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = Number(saved.json().data.id);
    const before = await connsqlRows();
    for (const field of FIELDS) {
      for (const c of CONTROL_CHARACTERS) {
        for (const at of field === 'port' ? (['inside'] as const) : (['inside', 'end'] as const)) {
          const value = poisoned(field, c, at);
          const label = `${field} ${show(c)} ${at}`;
          expectFieldRefused(
            await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { name: '新源', englishName: 'fresh', ...form, [field]: value } }),
            field,
            `insert ${label}`,
          );
          // an edit giving the password again (so that only the control character can refuse it)
          expectFieldRefused(
            await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databasePsd: 'pw', [field]: value } }),
            field,
            `edit ${label}`,
          );
        }
      }
    }
    expect(await connsqlRows()).toEqual(before);
  });

  it('a row stored by an earlier release (a control character in a field or in the encrypted password) is refused when used', async () => {
    guard = blockConnections();
    const box = SecretBox.load({ dataDir: t.dataDir });
    const row = { name: '旧', englishName: 'old', isdelete: 0, ...form, databasePsd: box.encrypt('pw') };
    const cases: [string, Record<string, unknown>][] = [
      ['databaseUser', { databaseUser: 'postgres\u0000replication\u0000database' }],
      ['mainAddr', { mainAddr: '127.0.0.1\r\n' }],
      ['databaseName', { databaseName: 'db\u0085' }],
      ['databasePsd', { databasePsd: box.encrypt('pw\u0000options\u0000-c x=y') }],
    ];
    for (const [field, values] of cases) {
      const id = await insertReturningId(t.ctx.conn.db, t.ctx.conn.engine, 'sys_connsql', { ...row, ...values });
      expectFieldRefused(await t.get(`/api/datasources/tables/?sourceId=${id}`), field, `stored ${field}`);
      // the connection test of that source with its stored password
      if (field === 'databasePsd') {
        const tested = await t.post('/api/datasources/test/', { ...form, id, databasePsd: '' });
        expectFieldRefused(tested, field, 'test with the stored password');
      }
    }
    expect(guard.attempts).toEqual([]);
  });
});

/** A loopback "PostgreSQL server" that asks for the password in clear text and records what it is sent. */
async function passwordTrap(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let asked = false;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!asked && buffer.length >= 4 && buffer.length >= buffer.readInt32BE(0)) {
        buffer = buffer.subarray(buffer.readInt32BE(0));
        asked = true;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
      }
      if (asked && buffer.length >= 5 && buffer[0] === 0x70 && buffer.length >= 1 + buffer.readInt32BE(1)) {
        received.push(buffer.subarray(5, buffer.readInt32BE(1)).toString('utf8'));
        socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the stored password goes only to the database it was saved for (app on SQLite)', () => {
  let t: TestApp;
  let trap: Awaited<ReturnType<typeof passwordTrap>>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    trap = await passwordTrap();
  });
  afterAll(async () => {
    await trap?.close();
    await t?.close();
  });

  it('an edit or a connection test with another database name and no password is 400 请输入数据库密码, nothing sent', async () => {
    const source = { name: '外部库', englishName: 'ext', sqlType: 4, mainAddr: '127.0.0.1', port: trap.port, databaseName: 'db', databaseUser: 'u' };
    const saved = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...source, databasePsd: 'stored-Secret' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = Number(saved.json().data.id);
    const before = await t.ctx.conn.db.selectFrom('sys_connsql').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    for (const databaseName of ['other_db', 'DB', 'db2']) {
      const edit = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databaseName } });
      expect(edit.statusCode, databaseName).toBe(400);
      expect(edit.json()).toMatchObject({ status: false, message: '请输入数据库密码', code: 'SOURCE_PASSWORD_REQUIRED' });
      const tested = await t.post('/api/datasources/test/', { ...source, id, databaseName, databasePsd: '' }, { 'accept-language': 'en-US' });
      expect(tested.statusCode, databaseName).toBe(400);
      expect(tested.json().message).toBe('Please enter the database password');
    }
    expect(await t.ctx.conn.db.selectFrom('sys_connsql').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(trap.received).toEqual([]);

    // the same database (spaces around it are not a change) still uses the stored password
    await t.post('/api/datasources/test/', { ...source, id, databaseName: ' db ', databasePsd: '' });
    expect(trap.received).toEqual(['stored-Secret']);
    // a rename keeps it; the database changed with the password typed again is saved
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, name: '改名' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databaseName: 'other_db', databasePsd: 'retyped' } })).statusCode).toBe(
      200,
    );
    trap.received.length = 0;
    await t.post('/api/datasources/test/', { ...source, id, databaseName: 'other_db', databasePsd: '' });
    expect(trap.received).toEqual(['retyped']);
  });
});

describe.skipIf(!process.env.TEST_PG_URL)('a real PostgreSQL server: a NUL-injected user is refused before connecting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the injected user is 400 with no connection made; the clean user connects', async () => {
    const u = new URL(process.env.TEST_PG_URL!);
    const form = {
      sqlType: 4,
      mainAddr: u.hostname,
      port: Number(u.port || 5432),
      databaseName: u.pathname.slice(1),
      databasePsd: decodeURIComponent(u.password) || 'unused',
    };
    const user = decodeURIComponent(u.username);
    const connects = vi.spyOn(net.Socket.prototype, 'connect');
    try {
      for (const databaseUser of [`${user}\u0000options\u0000-c search_path=information_schema`, `${user}\u0000replication\u0000database`, `${user}\r\n`]) {
        const r = await t.post('/api/datasources/test/', { ...form, databaseUser });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().code).toBe('SOURCE_CONTROL_CHARACTER');
      }
      expect(connects).not.toHaveBeenCalled();
      const clean = await t.post('/api/datasources/test/', { ...form, databaseUser: user });
      expect(clean.statusCode, clean.body).toBe(200);
      expect(connects).toHaveBeenCalled();
    } finally {
      connects.mockRestore();
    }
  });
});
