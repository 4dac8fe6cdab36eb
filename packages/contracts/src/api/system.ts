/** The server's own routes: health, the home page's figures, this API's description. */
import { z } from 'zod';
import { answerOf, defineRoute } from './common.ts';
import { dashboardSummarySchema } from './models.ts';

export const healthRoute = defineRoute({
  summary: 'Ready',
  description: 'Public. Answers exactly {"status":true} once the server is ready.',
  tags: ['system'],
  response: { 200: z.object({ status: z.literal(true) }).describe('Ready') },
});

export const healthReadyRoute = defineRoute({
  summary: 'Ready to serve (readiness)',
  description:
    'Public, for load balancers. 200 {"status":true} while the app\'s database answers a `select 1` (checked at most about once a second, within 1 s); ' +
    '503 with code DATABASE_UNAVAILABLE while it cannot be reached, and SHUTTING_DOWN once the server is stopping.',
  tags: ['system'],
  response: { 200: z.object({ status: z.literal(true) }).describe('Ready') },
});

export const dashboardRoute = defineRoute({
  summary: "The home page's figures",
  description: 'Live counts and 30 days of bill-flow income (type 1) and expense (type 2).',
  tags: ['system'],
  response: { 200: answerOf(dashboardSummarySchema) },
});

export const openApiRoute = defineRoute({
  summary: 'This document (OpenAPI 3.1)',
  description: 'Public: it describes what the web client already contains.',
  tags: ['docs'],
  response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document') },
});
