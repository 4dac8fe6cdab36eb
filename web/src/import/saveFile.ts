import type { DownloadedFile } from '../api/client.ts';

/** Characters that no file system takes in a name. */
const UNSAFE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

export function safeFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARS, '_').trim() || 'download';
}

/** Saves a file fetched through the API client (the call needs the session header, so a plain link cannot fetch it). */
export function saveDownloadedFile(file: DownloadedFile, fileName: string) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeFileName(fileName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
