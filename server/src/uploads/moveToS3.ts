/**
 * Copies DATA_DIR/uploads into an S3 bucket (`npm run uploads:to-s3`, server/src/uploadsToS3.ts; docs/uploads.md).
 * Idempotent and resumable: an object already in the bucket with the same size is skipped, so a second run
 * copies nothing and an interrupted run goes on where it stopped. The local files are left in place.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3UploadStore } from './s3Store.ts';
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
  // no folder is a wrong DATA_DIR far more often than a store without a single upload: said, not "0 copied"
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new Error(`there is no folder ${dir}: is DATA_DIR the data folder of the instances?`);
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
