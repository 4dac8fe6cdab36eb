// npm run bench: every benchmark; they print figures and do not pass or fail.
import { spawnSync } from 'node:child_process';

for (const workspace of ['server', 'web']) {
  const r = spawnSync('npm', ['run', 'bench', '-w', workspace, '--if-present'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
