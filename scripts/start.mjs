// npm start: build what is missing or out of date (the web app, the server bundle), then serve API and web app on one
// port. Production runs the built server directly (`npm run build` once at install, then `node server/dist/main.js`,
// docs/deployment.md): this script writes into the checkout only when a build is missing or older than its sources.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'web', 'dist', 'index.html');
const serverBundle = path.join(root, 'server', 'dist', 'main.js');
const serverSources = [path.join(root, 'server', 'src'), path.join(root, 'packages', 'contracts', 'src')];

/** The newest modification time of the files under the folders (0 when there are none). */
function newestUnder(folders) {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function run(what, command, args) {
  console.log(what);
  const done = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

// WEB_DIST names a web app built elsewhere: nothing to build here
if (!process.env.WEB_DIST && !fs.existsSync(webIndex) && fs.existsSync(path.join(root, 'web', 'index.html'))) {
  run('Building the web app (first start)...', 'npm', ['run', 'build', '-w', 'web']);
}
// the bundle follows the sources: rebuilt when a server or contracts file changed since (esbuild: under a second)
if (!fs.existsSync(serverBundle) || fs.statSync(serverBundle).mtimeMs < newestUnder(serverSources)) {
  run('Bundling the server...', process.execPath, [path.join(root, 'server', 'build.mjs')]);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// npm runs this through a shell: a SIGTERM to npm ends npm and the shell but not this process. Orphaned (the parent
// gone), it stops the server as a SIGTERM would, rather than leave it serving under PID 1.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 500).unref();
