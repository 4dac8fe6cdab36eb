import type { datasourceApi } from '@qb/contracts/schemas';
import { assertAllowed } from '../access/index.ts';
import type { TablesDeps } from './deps.ts';
import { sourceConfigOf } from '../datasources/index.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { generateMenu } from './menu.ts';
import { createSqlTable, readBack, sourceTables } from './service.ts';
import type { RoutesOf } from '../http/route.ts';

/** The data-source and table-definition calls of issue 11 (docs/datasources.md). */
export function tableRoutes(ctx: TablesDeps): RoutesOf<typeof datasourceApi> {
  return {
    testConnection: async (req) => {
      assertAllowed(req.caller, 'sys_connsql', 'save');
      const body = req.body;
      // an edited source whose password field was left empty is tested with its stored password (same host, port, type and user only)
      // a database without a password (noPassword) is tested with the empty one
      const password = body.noPassword
        ? ''
        : body.databasePsd
          ? body.databasePsd
          : body.id !== undefined
            ? await ctx.sources.storedPassword(body.id, body)
            : '';
      const config = sourceConfigOf({
        sqlType: body.sqlType,
        mainAddr: body.mainAddr,
        port: body.port ?? null,
        databaseName: body.databaseName,
        databaseUser: body.databaseUser,
        databasePsd: password,
      });
      const result = await ctx.sources.testConnection(config);
      if (!result.ok) throw result.error;
      return ok({ ok: true as const, elapsedMs: result.elapsedMs }, {}, translate(req, 'connectOk'));
    },

    createSqlTable: async (req) => {
      assertAllowed(req.caller, 'sys_dataSheet', 'save');
      const result = await createSqlTable(ctx, req.body.id, req.body.preview === true, req.caller);
      return ok(result, {}, translate(req, 'saved'));
    },

    sourceTables: async (req) => {
      assertAllowed(req.caller, 'sys_dataSheet', 'save');
      return ok(await sourceTables(ctx, req.query.sourceId));
    },

    readBack: async (req) => {
      assertAllowed(req.caller, 'sys_dataSheet', 'save');
      return ok(await readBack(ctx, req.body.sourceId, req.body.tableName), {}, translate(req, 'saved'));
    },

    generateMenu: async (req) => {
      assertAllowed(req.caller, 'sys_menu', 'save');
      assertAllowed(req.caller, 'sys_dataSheet', 'save');
      return ok(await generateMenu(ctx, req.body.sheetId, req.body.parentMenu, req.caller), {}, translate(req, 'saved'));
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default tableRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    tables: typeof tableRoutes;
  }
}
