import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployFile, environmentFile, environmentLine, NGINX, nginxPrefix, ROOT, unitDirectives } from './deploy-files.ts';

/**
 * The deployment samples (issue 29 #3, #4): files in deploy/, quoted whole by docs/deployment.md (one source of truth),
 * valid for the programs that read them. Running them: deploy-nginx.test.ts, deploy-systemd.test.ts.
 */
const SAMPLES = ['nginx/qb.conf', 'nginx/qb-failover.conf', 'systemd/qb@.service', 'env/qb.env'];

describe('the deployment samples', () => {
  it('are every file of deploy/, each quoted whole by docs/deployment.md', () => {
    const files = fs.readdirSync(path.join(ROOT, 'deploy'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((e) => path.relative(path.join(ROOT, 'deploy'), path.join(e.parentPath, e.name))).sort()).toEqual([...SAMPLES].sort());
    const docs = fs.readFileSync(path.join(ROOT, 'docs', 'deployment.md'), 'utf8');
    // a quote is a fence whose info string names the file: ```nginx deploy/nginx/qb.conf
    const quoted = new Map([...docs.matchAll(/^```\w+ (deploy\/\S+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]));
    for (const sample of SAMPLES)
      expect(quoted.get(`deploy/${sample}`), `docs/deployment.md quoting deploy/${sample}`).toBe(fs.readFileSync(deployFile(sample), 'utf8'));
  });

  it('the unit: no comment after a directive, the env file does not override what the unit sets, ExecStart runs node itself', () => {
    const unit = fs.readFileSync(deployFile('systemd/qb@.service'), 'utf8');
    const service = unitDirectives(unit, 'Service');
    // systemd has no end-of-line comments: `EnvironmentFile=/etc/qb/env  # …` names a file called "/etc/qb/env  # …"
    for (const [key, value] of service) expect(value, key).not.toMatch(/\s[#;]/);
    const set = Object.assign({}, ...service.filter(([k]) => k === 'Environment').map(([, v]) => environmentLine(v))) as Record<string, string>;
    expect(set.PORT).toBe('%i');
    // a variable of EnvironmentFile= wins over the unit's Environment= (systemd.exec): the file must not set them
    const file = environmentFile(fs.readFileSync(deployFile('env/qb.env'), 'utf8'));
    expect(Object.keys(file).filter((k) => k in set)).toEqual([]);
    expect(service.find(([k]) => k === 'EnvironmentFile')?.[1]).toBe('/etc/qb/qb.env');
    const exec = service.find(([k]) => k === 'ExecStart')![1].split(/\s+/);
    expect(path.basename(exec[0]!)).toBe('node');
    expect(exec.at(-1)).toBe('server/dist/main.js');
  });

  it('the env file: every DATA_DIR of the docs is its DATA_DIR', () => {
    const { DATA_DIR } = environmentFile(fs.readFileSync(deployFile('env/qb.env'), 'utf8'));
    for (const doc of ['README.md', 'docs/deployment.md', 'docs/configuration.md', 'docs/uploads.md']) {
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
      for (const m of text.matchAll(/DATA_DIR=(\S+)/g)) expect(m[1], `${doc}: ${m[0]}`).toBe(DATA_DIR);
    }
  });
});

describe.skipIf(!NGINX)('the nginx samples pass nginx -t', () => {
  it.each(SAMPLES.filter((s) => s.startsWith('nginx/')))('%s', (sample) => {
    const { prefix, args } = nginxPrefix(fs.readFileSync(deployFile(sample), 'utf8'));
    try {
      execFileSync(NGINX!, ['-t', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      throw new Error(`nginx -t failed on ${sample}:\n${(err as { stderr?: string }).stderr ?? String(err)}`, { cause: err });
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe.skipIf(NGINX)('the nginx samples pass nginx -t', () => {
  it.skip('needs nginx (Debian: apt-get install nginx; .ci/run installs it)', () => undefined);
});
