import type { FastifyInstance } from 'fastify';
import type { Connection } from '../db/connection.ts';
import { mayOpen } from '../access/index.ts';
import { ApiError, ok } from '../http/errors.ts';
import { on } from '../http/route.ts';
import { dashboardSummary } from './summary.ts';

/** The home page's figures. Given only what it reads: the local database. */
export function registerDashboardRoutes(app: FastifyInstance, ctx: { conn: Connection }) {
  on(app, 'dashboard', async (req) => {
    // the home page's figures: for whoever may open the home page
    if (!mayOpen(req.caller, '/manage/home')) throw new ApiError(403, 'forbidden');
    return ok(await dashboardSummary(ctx.conn));
  });
}
