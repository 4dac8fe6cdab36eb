// npm run dev: the server in watch mode (tsx watch) and the Vite dev server, whose /api is proxied to it.
// Ctrl+C stops both; when either stops, the other is stopped too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT || '8080';
const webHost = process.env.WEB_HOST || '127.0.0.1';
const webPort = process.env.WEB_PORT || '5173';
// the server listens on HOST (default 127.0.0.1); the proxy reaches it on the loopback address
const apiUrl = `http://127.0.0.1:${apiPort}`;
const webUrl = `http://${webHost === '0.0.0.0' ? '127.0.0.1' : webHost}:${webPort}/`;
// the same default as npm start: ./data of the repository, whatever the working directory
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');

/** The file a package's bin points at, found the way Node finds the package from `fromDir`. */
function binOf(pkg, name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(manifest)) {
      const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
    }
    if (dir === path.dirname(dir)) throw new Error(`${pkg} is not installed: run npm install`);
  }
}

const children = [];
let stopping = false;

function start(label, cwd, args, env) {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (!stopping) {
      console.error(`\n${label} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop('SIGTERM', code ?? 1);
    } else if (children.length === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  children.push(child);
  return child;
}

function stop(signal, exitCode) {
  if (!stopping) process.exitCode = exitCode;
  stopping = true;
  if (children.length === 0) process.exit(process.exitCode ?? 0);
  for (const child of children) child.kill(signal);
  // a child that ignores the signal does not keep the terminal
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(process.exitCode ?? 1);
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal, 0));

start('The server (tsx watch)', path.join(root, 'server'), [binOf('tsx', 'tsx', path.join(root, 'server')), 'watch', 'src/main.ts'], {
  PORT: apiPort,
  DATA_DIR: dataDir,
});
start('The Vite dev server', path.join(root, 'web'), [binOf('vite', 'vite', path.join(root, 'web')), '--host', webHost, '--port', webPort, '--strictPort'], {
  API_TARGET: apiUrl,
});

/** Resolves once `url` answers with a 2xx, polling every half second. */
async function answered(url) {
  for (;;) {
    if (stopping) return false;
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

if ((await answered(`${apiUrl}/api/health`)) && (await answered(webUrl))) {
  console.log(
    `\n  Web app (Vite, hot reload):  ${webUrl}` +
      `\n  API (tsx watch):             ${apiUrl}/api  (the web app proxies /api to it)` +
      `\n  Data:                        ${dataDir}` +
      `\n  Ctrl+C stops both.\n`,
  );
}
