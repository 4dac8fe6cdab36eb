import { execFileSync } from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { publicTarget } from '../src/datasources/hosts.ts';
import { insertReturningId } from '../src/db/insert.ts';
import { blockConnections } from './attack-sources-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { defineTable, threeColumns } from './tables-helpers.ts';

/**
 * Attack (issue 17 #5): a SQLite source (type 5) pointed at an empty text file, then createSqlTable: the file became a
 * database and a -journal appeared beside it. Now only an existing file that starts with the SQLite header is opened,
 * on every path (connection test, pools: createSqlTable, the table list, read-back), and the file stays as it was.
 * And (issue 17, data-source hosts): SOURCES_DENY_PRIVATE=on refuses private, loopback and link-local hosts and
 * SQLite files, before any connection.
 */

const REFUSED_FILE = ['SOURCE_SQLITE_MISSING', 'SOURCE_SQLITE_NOT_FILE', 'SOURCE_SQLITE_NOT_DATABASE'];

describe('a SQLite source opens only an existing SQLite database file (app on SQLite)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-sqlite-bad-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every kind of path that is not a SQLite database; each its own folder, so that nothing may appear beside it. */
  function badPaths(): { kind: string; file: string; folder: string }[] {
    const make = (kind: string, create: (file: string) => void) => {
      const folder = fs.mkdtempSync(path.join(dir, `${kind}-`));
      const file = path.join(folder, 'source.sqlite');
      create(file);
      return { kind, file, folder };
    };
    const kinds = [
      make('empty', (f) => fs.writeFileSync(f, '')),
      make('text', (f) => fs.writeFileSync(f, 'just some text\nnot a database\n')),
      make('almost', (f) => fs.writeFileSync(f, `SQLite format 2\0${'x'.repeat(600)}`)),
      make('short', (f) => fs.writeFileSync(f, 'SQLite form')),
      make('directory', (f) => fs.mkdirSync(f)),
      make('missing', () => {}),
      make('fifo', (f) => execFileSync('mkfifo', [f])),
    ];
    for (const target of ['empty', 'text', 'directory', 'missing']) {
      const pointed = kinds.find((k) => k.kind === target)!;
      kinds.push(make(`link-to-${target}`, (f) => fs.symlinkSync(pointed.file, f)));
    }
    return kinds;
  }

  /** The bytes of the file (or what the path is), and the names in its folder. */
  const snapshot = (p: { file: string; folder: string }) => {
    const stat = fs.lstatSync(p.file, { throwIfNoEntry: false });
    const contents = stat?.isFile() ? fs.readFileSync(p.file).toString('hex') : stat ? `${stat.mode}` : 'absent';
    const target = stat?.isSymbolicLink() ? fs.statSync(p.file, { throwIfNoEntry: false }) : undefined;
    const pointed = target?.isFile() ? fs.readFileSync(p.file).toString('hex') : target ? `${target.mode}` : 'none';
    return { contents, pointed, names: fs.readdirSync(p.folder).sort() };
  };

  const refused = (r: { statusCode: number; body: string; json(): any }, label: string) => {
    expect(r.statusCode, `${label}: ${r.body}`).toBe(400);
    expect(r.json().status, label).toBe(false);
    expect(REFUSED_FILE, `${label}: ${r.body}`).toContain(r.json().code);
  };

  it('the connection test, createSqlTable, the table list and read-back all refuse it; the file is unchanged, no journal', async () => {
    const paths = badPaths();
    for (const [n, p] of paths.entries()) {
      const before = snapshot(p);
      const label = p.kind;
      refused(
        await t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName: p.file, databaseUser: '', databasePsd: '' }),
        `test ${label}`,
      );
      const saved = await t.post('/api/action/save/', {
        _flag: 'sys_connsql',
        params: { name: `坏${n}`, englishName: `bad${n}`, sqlType: 5, mainAddr: 'localhost', port: 1, databaseName: p.file, databaseUser: '-' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sourceId = Number(saved.json().data.id);
      const sheetId = await defineTable(t, `Bad${n}`, threeColumns(), sourceId);
      refused(await t.post('/api/action/createSqlTable/', { id: sheetId }), `createSqlTable ${label}`);
      refused(await t.post('/api/action/createSqlTable/', { id: sheetId, preview: true }), `preview ${label}`);
      refused(await t.get(`/api/datasources/tables/?sourceId=${sourceId}`), `tables ${label}`);
      refused(await t.post('/api/datasources/readBack/', { sourceId, tableName: 'notes' }), `readBack ${label}`);
      expect(snapshot(p), label).toEqual(before);
    }
    expect(
      fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((n) => /-(journal|wal|shm)$/.test(n)),
    ).toEqual([]);
    // the message names the file as typed, in both languages
    const text = paths.find((p) => p.kind === 'text')!.file;
    const answer = (
      await t.post(
        '/api/datasources/test/',
        { sqlType: 5, mainAddr: 'localhost', databaseName: text, databaseUser: '', databasePsd: '' },
        { 'accept-language': 'en-US' },
      )
    ).json();
    expect(answer.message).toBe(`The file "${text}" is not a SQLite database: only an existing SQLite 3 database file can be connected`);
    const missing = paths.find((p) => p.kind === 'missing')!.file;
    expect(
      (await t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName: missing, databaseUser: '', databasePsd: '' })).json().message,
    ).toBe(`SQLite 文件“${missing}”不存在`);
  });

  it('a real SQLite database (and a link to one) still works on every path', async () => {
    const file = path.join(dir, 'good.sqlite');
    const db = new Database(file);
    db.exec('create table notes (id integer primary key, body varchar(20))');
    db.close();
    const link = path.join(dir, 'good-link.sqlite');
    fs.symlinkSync(file, link);
    for (const [n, databaseName] of [file, link].entries()) {
      const tested = await t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName, databaseUser: '', databasePsd: '' });
      expect(tested.statusCode, tested.body).toBe(200);
      const saved = await t.post('/api/action/save/', {
        _flag: 'sys_connsql',
        params: { name: `好${n}`, englishName: `good${n}`, sqlType: 5, mainAddr: 'localhost', port: 1, databaseName, databaseUser: '-' },
      });
      const sourceId = Number(saved.json().data.id);
      expect((await t.get(`/api/datasources/tables/?sourceId=${sourceId}`)).json().data).toContainEqual({ tableName: 'notes', defined: false });
      if (n === 0) expect((await t.post('/api/datasources/readBack/', { sourceId, tableName: 'notes' })).statusCode).toBe(200);
      const sheetId = await defineTable(t, `Good${n}`, threeColumns(), sourceId);
      const created = await t.post('/api/action/createSqlTable/', { id: sheetId });
      expect(created.statusCode, created.body).toBe(200);
    }
  });
});

describe('SOURCES_DENY_PRIVATE', () => {
  it('is off by default, takes on and off, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).sourcesDenyPrivate).toBe(false);
    expect(loadConfig({ SOURCES_DENY_PRIVATE: 'on' }).sourcesDenyPrivate).toBe(true);
    expect(loadConfig({ SOURCES_DENY_PRIVATE: 'off' }).sourcesDenyPrivate).toBe(false);
    for (const bad of ['yes', 'true', 'ON', '1']) expect(() => loadConfig({ SOURCES_DENY_PRIVATE: bad })).toThrow(/SOURCES_DENY_PRIVATE/);
  });

  it('off (the default): a loopback host is connected to and a SQLite file is opened', async () => {
    const t = await startTestApp('sqlite');
    try {
      const r = await t.post('/api/datasources/test/', { sqlType: 4, mainAddr: '127.0.0.1', port: 1, databaseName: 'db', databaseUser: 'u', databasePsd: 'p' });
      expect(r.json().code, r.body).toBe('CONNECT_UNREACHABLE');
      const file = path.join(t.dataDir, '..', `${path.basename(t.dataDir)}-other.sqlite`);
      new Database(file).exec('create table x (id integer primary key)');
      try {
        expect(
          (await t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName: file, databaseUser: '', databasePsd: '' })).statusCode,
        ).toBe(200);
      } finally {
        fs.rmSync(file, { force: true });
      }
    } finally {
      await t.close();
    }
  });

  describe('on', () => {
    let t: TestApp;
    let guard: ReturnType<typeof blockConnections>;
    beforeAll(async () => {
      t = await startTestApp('sqlite', undefined, { SOURCES_DENY_PRIVATE: 'on' });
    });
    afterAll(async () => {
      await t?.close();
    });
    afterEach(() => {
      guard?.restore();
      vi.restoreAllMocks();
    });

    const PRIVATE_HOSTS = [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      '::1',
      '[::1]',
      '10.1.2.3',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fe80::1%lo',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      '0.0.0.0',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      '::ffff:a9fe:a9fe',
      '::ffff:192.168.0.1',
    ];

    it('refuses every private, loopback, link-local and unspecified host on every engine, naming it, before any connection', async () => {
      guard = blockConnections();
      for (const sqlType of [1, 2, 3, 4]) {
        for (const mainAddr of PRIVATE_HOSTS) {
          const r = await t.post('/api/datasources/test/', { sqlType, mainAddr, port: 5432, databaseName: 'db', databaseUser: 'u', databasePsd: 'p' });
          expect(r.statusCode, `${sqlType} ${mainAddr}: ${r.body}`).toBe(400);
          expect(r.json().code).toBe('SOURCE_HOST_DENIED');
          expect(r.json().message).toContain(mainAddr.replace(/^\[(.*)\]$/, '$1'));
        }
      }
      // a source saved before the setting was turned on (written straight into the table) is refused when used
      const id = await insertReturningId(t.ctx.conn.db, t.ctx.conn.engine, 'sys_connsql', {
        name: '内网',
        englishName: 'lan',
        sqlType: 2,
        mainAddr: '10.1.2.3',
        port: 3306,
        databaseName: 'db',
        databaseUser: 'u',
        databasePsd: '',
        isdelete: 0,
      });
      const used = await t.get(`/api/datasources/tables/?sourceId=${id}`);
      expect([used.statusCode, used.json().code]).toEqual([400, 'SOURCE_HOST_DENIED']);
      expect(guard.attempts).toEqual([]);
    });

    it('refuses a name when any of its addresses is private, and connects to the checked address only', async () => {
      const lookup = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (name: string) =>
        name === 'mixed.example'
          ? [
              { address: '192.0.2.10', family: 4 },
              { address: '10.0.0.5', family: 4 },
            ]
          : [
              { address: '2001:db8::10', family: 6 },
              { address: '192.0.2.10', family: 4 },
            ]) as never);
      const base = { engine: 'postgres' as const, port: 5432, database: 'db', user: 'u', password: 'p' };
      await expect(publicTarget({ ...base, host: 'mixed.example' })).rejects.toMatchObject({
        httpStatus: 400,
        key: 'sourceHostDenied',
        params: { host: 'mixed.example', address: '10.0.0.5' },
      });
      // the driver is handed the address that was checked, not the name (a second lookup could answer differently)
      expect(await publicTarget({ ...base, host: 'public.example' })).toMatchObject({ host: '2001:db8::10' });
      expect(await publicTarget({ ...base, host: '192.0.2.10' })).toMatchObject({ host: '192.0.2.10' });
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    it('refuses SQLite files altogether, and a private address or a SQLite file at save', async () => {
      guard = blockConnections();
      const file = path.join(os.tmpdir(), `qb-deny-${process.pid}.sqlite`);
      new Database(file).exec('create table x (id integer primary key)');
      try {
        const tested = await t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName: file, databaseUser: '', databasePsd: '' });
        expect([tested.statusCode, tested.json().code]).toEqual([400, 'SOURCE_SQLITE_DENIED']);
        const rows = async () => (await t.ctx.conn.db.selectFrom('sys_connsql').select('id').execute()).length;
        const before = await rows();
        const sqlite = await t.post('/api/action/save/', {
          _flag: 'sys_connsql',
          params: { name: '文件', englishName: 'file', sqlType: 5, mainAddr: 'localhost', port: 1, databaseName: file, databaseUser: '-' },
        });
        expect([sqlite.statusCode, sqlite.json().code]).toEqual([400, 'SOURCE_SQLITE_DENIED']);
        for (const mainAddr of ['10.1.2.3', '[::1]', '169.254.169.254']) {
          const r = await t.post('/api/action/save/', {
            _flag: 'sys_connsql',
            params: { name: '内网', englishName: 'lan', sqlType: 4, mainAddr, port: 5432, databaseName: 'db', databaseUser: 'u', databasePsd: 'p' },
          });
          expect([r.statusCode, r.json().code], mainAddr).toEqual([400, 'SOURCE_HOST_DENIED']);
        }
        expect(await rows()).toBe(before);
        // a public address is saved (saving connects to nothing)
        const pub = await t.post('/api/action/save/', {
          _flag: 'sys_connsql',
          params: { name: '外网', englishName: 'wan', sqlType: 4, mainAddr: '192.0.2.10', port: 5432, databaseName: 'db', databaseUser: 'u', databasePsd: 'p' },
        });
        expect(pub.statusCode, pub.body).toBe(200);
        expect(guard.attempts).toEqual([]);
      } finally {
        fs.rmSync(file, { force: true });
      }
    });
  });
});
