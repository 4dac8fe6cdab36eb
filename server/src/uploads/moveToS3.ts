/**
 * `npm run uploads:to-s3`: copies DATA_DIR/uploads into the S3 bucket of S3_BUCKET (docs/uploads.md).
 * Idempotent and resumable: an object already in the bucket with the same size is skipped, so a second run
 * copies nothing and an interrupted run goes on where it stopped. The local files are left in place.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { S3UploadStore } from './s3Store.ts';
import { contentTypeOf, isUploadKey, uploadsDirOf } from './store.ts';

export interface MoveReport {
  copied: number;
  copiedBytes: number;
  /** already in the bucket with the same size */
  present: number;
  /** files under uploads/ that are not uploads (a half-written .part, anything put there by hand): left alone */
  ignored: string[];
}

/** The uploads under dir as keys `YYYYMM/<name>`, in a stable order. */
async function localUploads(dir: string): Promise<{ keys: string[]; ignored: string[] }> {
  const keys: string[] = [];
  const ignored: string[] = [];
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const e of entries) {
    if (!e.isFile()) continue;
    const key = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    (isUploadKey(key) ? keys : ignored).push(key);
  }
  return { keys: keys.sort(), ignored: ignored.sort() };
}

/** Copies every upload of dataDir that the bucket lacks (or holds with another size); stops at the first failure. */
export async function moveUploadsToS3(dataDir: string, store: S3UploadStore, print: (line: string) => void = () => undefined): Promise<MoveReport> {
  const dir = uploadsDirOf({ dataDir });
  const { keys, ignored } = await localUploads(dir);
  const inBucket = new Map<string, number>();
  for await (const o of store.list()) inBucket.set(o.key, o.size);
  const report: MoveReport = { copied: 0, copiedBytes: 0, present: 0, ignored };
  for (const key of keys) {
    const file = path.join(dir, ...key.split('/'));
    const { size } = await fsp.stat(file);
    if (inBucket.get(key) === size) {
      report.present++;
      continue;
    }
    await store.put(key, fs.createReadStream(file), contentTypeOf(key));
    report.copied++;
    report.copiedBytes += size;
    print(`copied ${key} (${size} bytes)`);
  }
  return report;
}

async function main(): Promise<number> {
  // the bucket of the S3_* variables, whatever UPLOADS_STORE says now: the move comes before switching to s3
  const config = loadConfig({ ...process.env, UPLOADS_STORE: 's3' });
  if (config.uploads.store !== 's3') return 1;
  const store = new S3UploadStore(config.uploads);
  const dir = uploadsDirOf(config);
  console.log(`Copying ${dir} into the bucket ${config.uploads.bucket}${config.uploads.endpoint ? ` at ${config.uploads.endpoint}` : ''}...`);
  try {
    const r = await moveUploadsToS3(config.dataDir, store, (line) => console.log(line));
    console.log(`${r.copied} copied (${r.copiedBytes} bytes), ${r.present} already in the bucket with the same size.`);
    if (r.ignored.length > 0)
      console.log(`${r.ignored.length} other files left alone (not uploads): ${r.ignored.slice(0, 5).join(', ')}${r.ignored.length > 5 ? ', ...' : ''}`);
    console.log(`The local files are left in place: remove ${dir} yourself once every instance runs with UPLOADS_STORE=s3.`);
    return 0;
  } catch (err) {
    const cause = err instanceof Error ? ((err as { detail?: string }).detail ?? err.message) : String(err);
    console.error(`Failed: ${cause}`);
    console.error('Nothing copied so far is lost: run the command again to go on from there.');
    return 1;
  } finally {
    store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
