import crypto from 'node:crypto';
import path from 'node:path';
import { IMAGE_EXTENSIONS } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';
import { type UploadStore, contentTypeOf, publicPathOf } from './store.ts';

export interface FileKind {
  extensions: readonly string[];
  maxBytes: number;
  /** true when the first bytes fit the extension */
  matches(ext: string, head: Buffer): boolean;
}

const MB = 1024 * 1024;

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

export const IMAGE: FileKind = {
  extensions: IMAGE_EXTENSIONS,
  maxBytes: 5 * MB,
  matches(ext, head) {
    if (ext === 'png') return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    if (ext === 'bmp') return startsWith(head, [0x42, 0x4d]);
    return startsWith(head, [0xff, 0xd8, 0xff]);
  },
};

export const SPREADSHEET: FileKind = {
  extensions: ['xls', 'xlsx', 'csv'],
  maxBytes: 20 * MB,
  matches(ext, head) {
    if (ext === 'xlsx') return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    // .xls: the OLE2 compound file of Excel 97-2003 (or a mis-named .xlsx, which SheetJS reads as well)
    if (ext === 'xls') return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0]) || startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    return !head.subarray(0, 4096).includes(0);
  },
};

export const MAX_UPLOAD_BYTES = Math.max(IMAGE.maxBytes, SPREADSHEET.maxBytes);

export function extensionOf(fileName: string): string {
  return path.extname(fileName).slice(1).toLowerCase();
}

export function kindOf(fileName: string): FileKind {
  const ext = extensionOf(fileName);
  const kind = [IMAGE, SPREADSHEET].find((k) => k.extensions.includes(ext));
  if (!kind) throw badRequest('uploadBadType', { allowed: [...IMAGE.extensions, ...SPREADSHEET.extensions].join(', ') });
  return kind;
}

/** Stores an accepted upload under YYYYMM/ with a random name, in the configured store; answers the public path. */
export async function storeUpload(store: UploadStore, fileName: string, content: Buffer): Promise<string> {
  const kind = kindOf(fileName);
  const ext = extensionOf(fileName);
  if (content.length === 0) throw badRequest('uploadMissing');
  if (content.length > kind.maxBytes) throw badRequest('uploadTooLarge', { max: `${kind.maxBytes / MB} MB` });
  if (!kind.matches(ext, content.subarray(0, 8192))) throw badRequest('uploadBadContent');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const key = `${month}/${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await store.put(key, content, contentTypeOf(key));
  return publicPathOf(key);
}
