/**
 * `npm run uploads:to-s3`: copies DATA_DIR/uploads into the S3 bucket of S3_BUCKET (docs/uploads.md), with
 * uploads/moveToS3.ts. Idempotent and resumable: an object already in the bucket with the same size is skipped, so a
 * second run copies nothing and an interrupted run goes on where it stopped. The local files are left in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.ts';
import { moveUploadsToS3 } from './uploads/moveToS3.ts';
import { S3UploadStore } from './uploads/s3Store.ts';
import { uploadsDirOf } from './uploads/store.ts';

async function main(): Promise<number> {
  // the bucket of the S3_* variables, whatever UPLOADS_STORE says now: the move comes before switching to s3
  const config = loadConfig({ ...process.env, UPLOADS_STORE: 's3' });
  if (config.uploads.store !== 's3') return 1;
  const store = new S3UploadStore(config.uploads);
  const dir = uploadsDirOf(config);
  if (!fs.existsSync(dir)) {
    console.error(`Failed: there is no folder ${dir}: is DATA_DIR (${config.dataDir}) the data folder of the instances?`);
    return 1;
  }
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
  // npm runs this through a shell: a SIGTERM to npm ends npm and the shell, not this process. Orphaned, it stops as a
  // SIGTERM would stop it (a run cut short resumes on the next one)
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
  main().then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
