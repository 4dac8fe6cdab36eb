import fs from 'node:fs';

/**
 * DATA_DIR holds the SQLite file, uploads and generated secrets: only the server's own account may
 * read it. A directory an earlier release made with the default mode is tightened on start.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
}

/** Creates the file empty with mode 0600 when it does not exist yet, and tightens an existing one. */
export function makePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  tighten(file, 0o600);
}

function tighten(target: string, mode: number): void {
  const stat = fs.statSync(target);
  // only what this account owns: a directory an operator shares on purpose (e.g. a mounted volume root) is left alone
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return;
  // a shared directory (sticky and writable by all, as /tmp): DATA_DIR=/tmp run as root once made /tmp 0700 and
  // every other program's temporary files failed; the files inside are still made 0600
  if (stat.isDirectory() && stat.mode & 0o1000 && stat.mode & 0o002) return;
  if ((stat.mode & 0o777) !== mode) fs.chmodSync(target, mode);
}
