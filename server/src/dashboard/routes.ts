import type { dashboardApi } from '@qb/contracts/schemas';
import type { Connection } from '../db/connection.ts';
import { mayOpen } from '../access/index.ts';
import { rowScope } from '../crud/rowScope.ts';
import { ApiError, ok } from '../http/errors.ts';
import type { RoutesOf } from '../http/route.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { dashboardSummary } from './summary.ts';

/** The home page's figures. Given only what it reads: the local database, and the tables' rules to count a caller's rows. */
export function dashboardRoutes(ctx: { conn: Connection; registry: TableRegistry }): RoutesOf<typeof dashboardApi> {
  return {
    dashboard: async (req) => {
      // the home page's figures: for whoever may open the home page
      if (!mayOpen(req.caller, '/manage/home')) throw new ApiError(403, 'forbidden');
      // a role held to some rows of a table (a grant's row filter) counts those rows only: no figure tells of the others
      const scopeOf = (flag: string) => (ctx.registry.has(flag) ? rowScope(req.caller, ctx.registry.get(flag), ctx.registry) : undefined);
      return ok(await dashboardSummary(ctx.conn, new Date(), scopeOf));
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default dashboardRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    dashboard: typeof dashboardRoutes;
  }
}
