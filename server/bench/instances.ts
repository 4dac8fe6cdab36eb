// Several instances (issue 22). Prints:
// 1. the revocation delay across instances on PostgreSQL: a session is used on instance B (so B caches it), ended by a
//    logout on instance A, and B is asked again every millisecond until it refuses; the time from A's answer to B's
//    first refusal, median and max over REVOCATIONS (LISTEN/NOTIFY, server/src/db/changes.ts; the target is 250 ms).
//    Needs BENCH_PG_URL or TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
// 2. upload and serve throughput of 1 MB images through the server, on local disk and on an S3 server (s3rver,
//    in-process, over a temporary folder) side by side.
// Both instances run in this process (Fastify's inject): the figures are the server's, without a network between.
// Usage: node --import tsx bench/instances.ts [revocations]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ADMIN_PASSWORD, sha, startSecondInstance, startTestApp, type TestApp } from '../test/helpers.ts';

const REVOCATIONS = Number(process.argv[2] ?? 100);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function revocationDelay() {
  let a: TestApp | undefined;
  let b: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
  try {
    a = await startTestApp('postgres', PG_URL);
    b = await startSecondInstance(a);
  } catch (err) {
    console.log(`revocation delay: PostgreSQL at ${PG_URL} not reachable (${(err as Error).message}), skipped`);
    await a?.close();
    return;
  }
  const delays: number[] = [];
  try {
    for (let i = 0; i < REVOCATIONS; i++) {
      // each login from an address of its own: 60 logins a minute is a client's budget
      const remoteAddress = `10.1.${i >> 8}.${i & 255}`;
      const login = await a.app.inject({ method: 'POST', url: '/api/user/login/', remoteAddress, payload: { loginid: 'admin', pass: sha(ADMIN_PASSWORD) } });
      const token = login.json<{ token: string }>().token;
      const onB = async () => (await b.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: token } })).statusCode;
      if ((await onB()) !== 200) throw new Error('B did not take the session');
      await a.app.inject({ method: 'POST', url: '/api/user/logout/', payload: {}, headers: { authorization: token } });
      const from = performance.now();
      while ((await onB()) !== 401) {
        if (performance.now() - from > 10_000) throw new Error('B still serves a revoked session after 10 s');
        await sleep(1);
      }
      delays.push(performance.now() - from);
    }
    console.log(
      `revocation delay across two instances (PostgreSQL LISTEN/NOTIFY), ${REVOCATIONS} logouts: median ${median(delays).toFixed(1)} ms, max ${Math.max(...delays).toFixed(1)} ms (target 250 ms; without the message: up to the 5 s session cache)`,
    );
  } finally {
    await b.close();
    await a.close();
  }
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----qbbench' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function throughput(label: string, env: Record<string, string>) {
  const FILES = 40;
  const SIZE = 1024 * 1024;
  // a PNG signature followed by filler: the upload checks the first bytes only
  const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(SIZE - 8, 7)]);
  const t = await startTestApp('sqlite', undefined, env);
  try {
    const paths: string[] = [];
    let from = performance.now();
    for (let i = 0; i < FILES; i++) {
      const { payload, headers } = multipart(`f${i}.png`, body);
      const res = await t.app.inject({ method: 'POST', url: '/api/action/upload/', payload, headers: { ...headers, authorization: t.token } });
      if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
      paths.push(res.json<{ data: { path: string } }>().data.path);
    }
    const upMs = performance.now() - from;
    from = performance.now();
    for (const p of paths) {
      const res = await t.app.inject({ method: 'GET', url: p });
      if (res.statusCode !== 200 || res.rawPayload.length !== SIZE) throw new Error(`serve ${res.statusCode}`);
    }
    const downMs = performance.now() - from;
    const mbps = (ms: number) => ((FILES * SIZE) / 1024 / 1024 / (ms / 1000)).toFixed(0);
    console.log(
      `  ${label.padEnd(10)} upload ${mbps(upMs).padStart(4)} MB/s (${(upMs / FILES).toFixed(1)} ms a file), serve ${mbps(downMs).padStart(4)} MB/s (${(downMs / FILES).toFixed(1)} ms a file)`,
    );
  } finally {
    await t.close();
  }
}

async function uploadThroughput() {
  const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  Object.assign(process.env, credentials);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'bench', configs: [] }] });
  const { port } = await s3.run();
  try {
    console.log('upload and serve, 40 images of 1 MB through the server, one at a time:');
    await throughput('local disk', {});
    await throughput('S3 (s3rver)', { UPLOADS_STORE: 's3', S3_BUCKET: 'bench', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_FORCE_PATH_STYLE: 'true' });
  } finally {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await revocationDelay();
await uploadThroughput();
