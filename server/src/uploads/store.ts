import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError } from '../http/errors.ts';

/** Where uploads are kept: files under DATA_DIR/uploads, or objects in an S3-compatible bucket (docs/uploads.md). */
export type UploadsConfig = { store: 'local' } | { store: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

/** What a stored upload is, without its bytes. */
export interface StoredObject {
  size: number;
  contentType: string;
  /** quoted, as sent in the ETag header */
  etag: string;
  lastModified: Date | undefined;
}

/** Inclusive byte positions, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectRead extends StoredObject {
  body: Readable;
}

/** A file on this machine to read by path, and how to let it go once read (a temporary copy is removed). */
export interface LocalCopy {
  file: string;
  release(): Promise<void>;
}

/**
 * Where uploads are kept, by key `YYYYMM/<name>` (the public path without /api/file/): files under
 * DATA_DIR/uploads, or objects in an S3-compatible bucket. Every method answers undefined/false for a
 * missing key and throws StorageUnavailable (503) when the storage cannot be reached or refuses us.
 */
export interface UploadStore {
  readonly kind: 'local' | 's3';
  /** where failures are logged (the app's logger, set when the routes are registered) */
  log?: { warn(obj: object, msg: string): void };
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<ObjectRead | undefined>;
  head(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** the object as a file to read by path (the spreadsheet import's worker reads files) */
  localCopy(key: string): Promise<LocalCopy | undefined>;
  close(): void;
}

/** The storage of uploads cannot be reached, or refused the call: a 503 the client may retry. */
export class StorageUnavailable extends ApiError {
  constructor(readonly detail: string) {
    super(503, 'storageUnavailable');
  }
}

/** Content types by extension, for what is stored and served (the extensions an upload may have). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

const PUBLIC_PATH = /^\/api\/file\/(\d{6}\/[0-9a-f]{32}\.[a-z]{3,4})$/;
const KEY = /^\d{6}\/[0-9a-f]{32}\.[a-z]{3,4}$/;

/** The key behind a path this server answered (`/api/file/YYYYMM/<name>`), or undefined when it is not one of ours. */
export function keyOfPublicPath(publicPath: unknown): string | undefined {
  if (typeof publicPath !== 'string') return undefined;
  return PUBLIC_PATH.exec(publicPath)?.[1];
}

/** true for a key as uploads are named (`YYYYMM/<32 hex>.<ext>`): anything else is never looked up. */
export const isUploadKey = (key: string) => KEY.test(key);

export const publicPathOf = (key: string) => `/api/file/${key}`;

/** Files under DATA_DIR/uploads/YYYYMM/, written under a temporary name first so a half-written file is never served. */
export class LocalUploadStore implements UploadStore {
  readonly kind = 'local' as const;

  constructor(readonly dir: string) {}

  fileOf(key: string): string {
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.part`);
    await fsp.writeFile(tmp, body, { mode: 0o600 });
    await fsp.rename(tmp, file);
  }

  async head(key: string): Promise<StoredObject | undefined> {
    if (!isUploadKey(key)) return undefined;
    const stat = await fsp.stat(this.fileOf(key)).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { size: stat.size, contentType: contentTypeOf(key), etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`, lastModified: stat.mtime };
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | undefined> {
    const meta = await this.head(key);
    if (!meta) return undefined;
    return { ...meta, body: fs.createReadStream(this.fileOf(key), range ?? {}) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  async localCopy(key: string): Promise<LocalCopy | undefined> {
    if (!(await this.exists(key))) return undefined;
    return { file: this.fileOf(key), release: async () => undefined };
  }

  close(): void {}
}

export const uploadsDirOf = (config: { dataDir: string }) => path.join(config.dataDir, 'uploads');
