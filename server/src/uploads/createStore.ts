import { S3UploadStore } from './s3Store.ts';
import { LocalUploadStore, type UploadsConfig, type UploadStore, uploadsDirOf } from './store.ts';

/** The store the configuration names, made once per app: DATA_DIR/uploads, or the S3 bucket (docs/uploads.md). */
export function createUploadStore(config: { dataDir: string; uploads: UploadsConfig }): UploadStore {
  return config.uploads.store === 's3' ? new S3UploadStore(config.uploads) : new LocalUploadStore(uploadsDirOf(config));
}
