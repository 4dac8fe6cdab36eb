import type { Config } from '../config.ts';
import { S3UploadStore } from './s3Store.ts';
import { LocalUploadStore, type UploadStore, uploadsDirOf } from './store.ts';

/** The store the configuration names, made once per app: DATA_DIR/uploads, or the S3 bucket (docs/uploads.md). */
export function createUploadStore(config: Pick<Config, 'dataDir' | 'uploads'>): UploadStore {
  return config.uploads.store === 's3' ? new S3UploadStore(config.uploads) : new LocalUploadStore(uploadsDirOf(config));
}
