/** The server's own routes: health, the home page's figures, this API's description. */
import { z } from 'zod';
import { answerOf, defineRoute } from './common.ts';
import { dashboardSummarySchema } from './models.ts';

/** The server's health, by name: each call's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const systemApi = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    public: true,
    summary: 'Ready',
    description: 'Public. Answers exactly {"status":true} once the server is ready.',
    tags: ['system'],
    response: { 200: z.object({ status: z.literal(true) }).describe('Ready') },
  }),
  healthReady: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    public: true,
    summary: 'Ready to serve (readiness)',
    description:
      'Public, for load balancers. 200 {"status":true} while the app\'s database answers a `select 1` (checked at most about once a second, within 1 s); ' +
      '503 with code DATABASE_UNAVAILABLE while it cannot be reached, and SHUTTING_DOWN once the server is stopping.',
    tags: ['system'],
    response: { 200: z.object({ status: z.literal(true) }).describe('Ready') },
  }),
};

/** This API's description (server/src/http/openapi.ts). */
export const docsApi = {
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    public: true,
    summary: 'This document (OpenAPI 3.1)',
    description: 'Public: it describes what the web client already contains.',
    tags: ['docs'],
    response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document') },
  }),
};

/** The home page's figures (server/src/dashboard). */
export const dashboardApi = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/dashboard/summary/',
    access: 'page:/manage/home',
    summary: "The home page's figures",
    description: 'Live counts and 30 days of bill-flow income (type 1) and expense (type 2).',
    tags: ['system'],
    response: { 200: answerOf(dashboardSummarySchema) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    system: typeof systemApi;
    docs: typeof docsApi;
    dashboard: typeof dashboardApi;
  }
}
