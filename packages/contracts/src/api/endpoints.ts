/**
 * The method and path of every call, by name: what the web needs of the API at run time. Made from the declarations
 * (api/routes.ts, each call's `defineRoute`), never written by hand: here at run time (the server, the tests), and in
 * the web app's bundle as a module of the list alone, without zod or any schema (api/endpointsModule.ts, a Vite plugin
 * of web/vite.config.ts), so a new call needs no line anywhere.
 */
import { api, type Api, type EndpointOf } from './routes.ts';

export type { EndpointName, RouteOf } from './routes.ts';

/** Each call's method, path and whether it is public, typed from its declaration. */
export type Endpoints = { readonly [K in keyof Api]: EndpointOf<Api[K]> };

/** The path list of declarations: method, path and the public flag of each, nothing else. */
export function endpointsOf(declared: Api): Endpoints {
  const list: Record<string, { method: string; url: string; public?: true }> = {};
  for (const [name, route] of Object.entries(declared)) {
    list[name] = { method: route.method, url: route.path, ...('public' in route && route.public ? { public: true as const } : {}) };
  }
  return list as unknown as Endpoints;
}

export const endpoints: Endpoints = endpointsOf(api);
