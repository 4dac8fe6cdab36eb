/**
 * Every call of the API, by name: the records of the contracts files joined. Each call is declared once, with
 * `defineRoute` in the record of its feature's file (`accessApi` in access.ts…): method, path, whether it is public,
 * its request and answer schemas. Its name is its operationId; the server registers its handler by that name
 * (server/src/http/route.ts), the web calls it by that name (web/src/api/client.ts `call`, through the path list of
 * endpoints.ts, which is made from this map).
 */
import { accessApi } from './access.ts';
import { authApi } from './auth.ts';
import type { RouteDeclaration } from './common.ts';
import { crudApi } from './crud.ts';
import { datasourceApi } from './datasources.ts';
import { formApi } from './forms.ts';
import { historyApi } from './history.ts';
import { importApi, tableImportApi } from './imports.ts';
import { dashboardApi, docsApi, systemApi } from './system.ts';
import { uploadApi } from './uploads.ts';

type Joined<T> = (T extends unknown ? (part: T) => void : never) extends (part: infer I) => void ? I : never;

/** The records joined into one; a name declared twice is a mistake found when the module loads. */
function joined<T extends Record<string, RouteDeclaration>[]>(...parts: T): Joined<T[number]> {
  const all: Record<string, RouteDeclaration> = {};
  for (const part of parts) {
    for (const [name, route] of Object.entries(part)) {
      if (Object.hasOwn(all, name)) throw new Error(`the call ${name} is declared twice (packages/contracts/src/api)`);
      all[name] = route;
    }
  }
  return all as Joined<T[number]>;
}

// the records, for the server's features (`RoutesOf<typeof accessApi>`): a new file's record is exported here too
export { accessApi, authApi, crudApi, dashboardApi, datasourceApi, docsApi, formApi, historyApi, importApi, systemApi, tableImportApi, uploadApi };

export const api = joined(
  authApi,
  accessApi,
  crudApi,
  uploadApi,
  importApi,
  tableImportApi,
  historyApi,
  datasourceApi,
  formApi,
  dashboardApi,
  systemApi,
  docsApi,
);

export type Api = typeof api;
export type EndpointName = keyof Api & string;
/** The declaration of a call: method, path and route schema. */
export type RouteOf<K extends EndpointName> = Api[K];

/** What the web needs of a call at run time (endpoints.ts): its method, its path, and whether it is public. */
export type EndpointOf<R extends RouteDeclaration> = { readonly method: R['method']; readonly url: R['path'] } & (R extends { public: true }
  ? { readonly public: true }
  : { readonly public?: never });
