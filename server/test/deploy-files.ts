/**
 * The deployment samples of deploy/ (docs/deployment.md) as the tests read them: the nginx binary and a private
 * prefix to run a sample in, systemd's reading of the unit and of its EnvironmentFile.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const deployFile = (name: string) => path.join(ROOT, 'deploy', name);
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/**
 * A folder nginx can run a sample in: tls/qb.crt and tls/qb.key (self-signed, by openssl), where the samples'
 * relative certificate paths point, and nginx.conf, the http block around the sample, which is returned.
 */
export function nginxPrefix(sampleText: string): { prefix: string; conf: string; args: string[] } {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-nginx-'));
  // nginx's workers run as nobody when the master is root: they read and write its temporary folders
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'tls'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '2', '-keyout', 'tls/qb.key', '-out', 'tls/qb.crt'],
    {
      cwd: prefix,
      stdio: 'ignore',
    },
  );
  fs.writeFileSync(path.join(prefix, 'sample.conf'), sampleText);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      `pid ${prefix}/nginx.pid;`,
      'events {}',
      'http {',
      `  access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t}_temp;`),
      `  include ${prefix}/sample.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return { prefix, conf, args: ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf] };
}

/** The directives of a systemd unit's section, in order, as systemd reads them (comment lines are whole lines). */
export function unitDirectives(text: string, section: string): [key: string, value: string][] {
  const out: [string, string][] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) current = header[1]!;
    else if (current === section) {
      const eq = line.indexOf('=');
      out.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
    }
  }
  return out;
}

/**
 * An EnvironmentFile as systemd reads it: VAR=value lines, whole-line comments (# or ;), blanks; a value runs to the end
 * of the line (a `#` in it is part of it), surrounding quotes removed.
 */
export function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`not VAR=value: ${line}`);
    const value = line.slice(eq + 1).trim();
    env[line.slice(0, eq).trim()] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

/** `Environment=A=1 B=2` as systemd splits it (no quoting in these samples). */
export const environmentLine = (value: string): Record<string, string> =>
  Object.fromEntries(value.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
