import type { TestProject } from 'vitest/node';
import { buildWeb, startServer } from './harness.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the server's DATA_DIR (its SQLite database is app.sqlite there), for what only an operator's DDL does */
    dataDir: string;
  }
}

let stop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  buildWeb();
  const server = await startServer({ captcha: 'off' });
  stop = server.stop;
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await stop?.();
}
