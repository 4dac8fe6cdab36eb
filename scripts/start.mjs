// npm start: build the web app when it is not built yet, bundle the server, then serve API and web app on one port.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'web', 'dist', 'index.html');
if (!fs.existsSync(webIndex) && fs.existsSync(path.join(root, 'web', 'index.html'))) {
  console.log('Building the web app (first start)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// the server bundle is rebuilt on every start: esbuild takes well under a second, and it is never stale
const bundled = spawnSync(process.execPath, [path.join(root, 'server', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
