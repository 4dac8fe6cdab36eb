import type { formApi } from '@qb/contracts/schemas';
import { assertAllowed } from '../access/index.ts';
import type { TablesDeps } from '../tables/deps.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { createTableFromForm } from './autoCreate.ts';
import type { RoutesOf } from '../http/route.ts';

/** The calls of forms bound to tables (docs/forms.md); the bound form's checks on saves sit in the save routes (boundForms/saves.ts). */
export function formRoutes(ctx: TablesDeps): RoutesOf<typeof formApi> {
  return {
    formTable: async (req) => {
      assertAllowed(req.caller, 'sys_layTable', 'save');
      assertAllowed(req.caller, 'sys_dataSheet', 'save');
      const preview = req.body.preview === true;
      const result = await createTableFromForm(ctx, req.body.id, preview, req.caller);
      return preview ? ok(result) : ok(result, {}, translate(req, 'saved'));
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default formRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    forms: typeof formRoutes;
  }
}
