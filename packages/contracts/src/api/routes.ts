/**
 * Every call of the API, by name: the records of the contracts files joined. Each call is declared once, with
 * `defineRoute` in the record of its feature's file (`accessApi` in access.ts…): method, path, whether it is public,
 * who may call it, its request and answer schemas. Its name is its operationId; the server registers its handler by
 * that name (server/src/http/route.ts), the web calls it by that name (web/src/api/client.ts `call`, through the path
 * list of endpoints.ts, which is made from this map).
 *
 * The records are found, not listed (issue 32): every record of calls exported by a file of this folder is joined at
 * load (foundRecords.ts), and the file adds its records to `ApiRecords` for the type checker:
 *
 *   declare module './routes.ts' { interface ApiRecords { examRoom: typeof examRoomApi } }
 *
 * A record without that line has calls the type checker does not know: its server feature's handlers
 * (`RoutesOf<ApiRecords['examRoom']>`) and the web's `call` fail the type check.
 */
import type { RouteDeclaration } from './common.ts';
import { foundRecordModules } from './foundRecords.ts';

/** Each file's records of calls, by a name of their own (declaration merging: each file adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ApiRecords {}

type Joined<T> = (T extends unknown ? (part: T) => void : never) extends (part: infer I) => void ? I : never;

/** A record of calls: an object whose every value is a declaration (method, path, answer). */
function isRecordOfCalls(value: unknown): value is Record<string, RouteDeclaration> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((r) => !!r && typeof r === 'object' && 'method' in r && 'path' in r && 'response' in r);
}

/** The records found, joined into one; a name declared twice is a mistake found when the module loads. */
function joined(modules: [string, Record<string, unknown>][]): Api {
  const all: Record<string, RouteDeclaration> = {};
  for (const [file, exports] of modules) {
    for (const record of Object.values(exports).filter(isRecordOfCalls)) {
      for (const [name, route] of Object.entries(record)) {
        if (Object.hasOwn(all, name)) throw new Error(`the call ${name} is declared twice (packages/contracts/src/api/${file})`);
        all[name] = route;
      }
    }
  }
  return all as Api;
}

export type Api = Joined<ApiRecords[keyof ApiRecords]>;
export const api: Api = joined(await foundRecordModules());

export type EndpointName = keyof Api & string;
/** The declaration of a call: method, path and route schema. */
export type RouteOf<K extends EndpointName> = Api[K];

/** What the web needs of a call at run time (endpoints.ts): its method, its path, and whether it is public. */
export type EndpointOf<R extends RouteDeclaration> = { readonly method: R['method']; readonly url: R['path'] } & (R extends { public: true }
  ? { readonly public: true }
  : { readonly public?: never });
