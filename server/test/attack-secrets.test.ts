import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Attack (issue 11 review): a stored data-source password must never be sent to a host other than the one it was
 * saved for. Both the connection test (`id` with an empty password) and an edit that moves a source (new host or
 * port, password left empty) used to send the stored password to wherever the caller pointed it.
 */

/** A loopback "PostgreSQL server" that asks for the password in clear text and records what it is sent. */
async function passwordTrap(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    let asked = false;
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!asked) {
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return;
        buffer = buffer.subarray(buffer.readInt32BE(0));
        asked = true;
        // AuthenticationCleartextPassword
        const r = Buffer.alloc(9);
        r.write('R', 0);
        r.writeInt32BE(8, 1);
        r.writeInt32BE(3, 5);
        socket.write(r);
      }
      if (buffer.length >= 5 && buffer[0] === 0x70 && buffer.length >= 1 + buffer.readInt32BE(1)) {
        received.push(buffer.subarray(5, 1 + buffer.readInt32BE(1) - 1).toString('utf8'));
        socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const SECRET = 'stored-Secret-1';

describe.each(engines)('a stored source password stays with its host (app on %s)', (engine, url) => {
  let t: TestApp;
  let trap: Awaited<ReturnType<typeof passwordTrap>>;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    trap = await passwordTrap();
  });
  afterEach(() => {
    trap.received.length = 0;
  });
  afterAll(async () => {
    await trap?.close();
    await t?.close();
  });

  const source = { name: '外部库', englishName: 'ext', sqlType: 4, mainAddr: '192.0.2.10', port: 5432, databaseName: 'db', databaseUser: 'u' };
  async function savedSource(): Promise<number> {
    const r = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...source, databasePsd: SECRET } });
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.json().data.id);
  }

  it('the connection test does not send the stored password to another host or port', async () => {
    const id = await savedSource();
    const r = await t.post('/api/datasources/test/', { ...source, id, mainAddr: '127.0.0.1', port: trap.port, databasePsd: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, message: '请输入数据库密码' });
    expect(trap.received).toEqual([]);
    // another user name on the saved host is another target too
    const other = await t.post('/api/datasources/test/', { ...source, id, databaseUser: 'root', databasePsd: '' }, { 'accept-language': 'en-US' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Please enter the database password');
    // a password typed in is used as given (it is the caller's own)
    const typed = await t.post('/api/datasources/test/', { ...source, id, mainAddr: '127.0.0.1', port: trap.port, databasePsd: 'typed-now' });
    expect(typed.statusCode).toBeGreaterThanOrEqual(400);
    expect(trap.received).toEqual(['typed-now']);
  });

  it('the connection test of the unchanged source still uses the stored password', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...source, mainAddr: '127.0.0.1', port: trap.port, databasePsd: SECRET } });
    const id = Number(r.json().data.id);
    const tested = await t.post('/api/datasources/test/', { ...source, id, mainAddr: '127.0.0.1', port: trap.port, databasePsd: '' });
    expect(tested.statusCode).toBeGreaterThanOrEqual(400);
    expect(trap.received).toEqual([SECRET]);
  });

  it('an edit that moves a source (host, port, type or user) needs the password again; nothing changes without it', async () => {
    const id = await savedSource();
    const before = await t.ctx.conn.db.selectFrom('sys_connsql').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const moved of [{ mainAddr: '127.0.0.1', port: trap.port }, { port: trap.port }, { databaseUser: 'root' }, { sqlType: 2 }]) {
      const r = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, ...moved } });
      expect(r.statusCode, JSON.stringify(moved)).toBe(400);
      expect(r.json().message).toBe('请输入数据库密码');
    }
    const after = await t.ctx.conn.db.selectFrom('sys_connsql').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // the pool of the source therefore still points at the saved host: nothing reaches the trap
    await t.get(`/api/datasources/tables/?sourceId=${id}`);
    expect(trap.received).toEqual([]);
    // the same port written again is the same target
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, port: 5432 } })).statusCode).toBe(200);
    // renaming keeps the stored password; another database on the same server is another target (issue 17 #6)
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, name: '改名' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databaseName: 'db2' } })).statusCode).toBe(400);
    // moving it with the password typed again is allowed
    const moved = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, mainAddr: '127.0.0.1', port: trap.port, databasePsd: 'retyped' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.get(`/api/datasources/tables/?sourceId=${id}`);
    expect(trap.received).toEqual(['retyped']);
  });

  it('no read path answers the stored password: sort, schema, export, master-slave answer, operation log, DDL history', async () => {
    const id = await savedSource();
    const stored = String((await t.ctx.conn.db.selectFrom('sys_connsql').select('databasePsd').where('id', '=', id).executeTakeFirstOrThrow()).databasePsd);
    expect((await t.select('sys_connsql', { sort: 'databasePsd', sortType: 'asc' })).status).toBe(400);
    expect((await t.select('sys_connsql', { wheres: JSON.stringify({ databasePsd: { like: 'v1:%' } }) })).status).toBe(400);
    const answers = [
      (await t.get('/api/schema/sys_connsql')).body,
      (await t.get('/api/schema/')).body,
      (await t.get('/api/export/table/?_flag=sys_connsql&format=xlsx')).rawPayload.toString('latin1'),
      (await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, name: '再改' } })).body,
      JSON.stringify(await t.ctx.conn.db.selectFrom('sys_operationLog').selectAll().execute()),
      JSON.stringify(await t.ctx.conn.db.selectFrom('sys_ddlHistory').selectAll().execute()),
      (await t.select('sys_operationLog')).body && JSON.stringify((await t.select('sys_operationLog')).body),
    ];
    for (const a of answers) {
      expect(a).not.toContain(SECRET);
      expect(a).not.toContain(stored);
    }
    // a failed test names host and port, never the password
    const failed = await t.post('/api/datasources/test/', { ...source, mainAddr: '127.0.0.1', port: trap.port, databasePsd: SECRET });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.body).not.toContain(SECRET);
  });
});
