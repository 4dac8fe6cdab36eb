import type { TestProject } from 'vitest/node';
import { buildWeb, startServer } from './harness.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let stop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  buildWeb();
  const server = await startServer({ captcha: 'off' });
  stop = server.stop;
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await stop?.();
}
