/**
 * The features' routes, found rather than listed (issue 32): app.ts registers the handlers of every
 * `server/src/<feature>/routes.ts` whose default export is its routes function, given the app's context. A feature's
 * routes.ts ends with
 *
 *   export default examRoomRoutes;
 *   declare module '../http/featureRoutes.ts' { interface FeatureRoutes { examRooms: typeof examRoomRoutes } }
 *
 * and nothing else names it: the interface gives the type checker what the folder's files give the start. A declared
 * call that no feature handles fails the type check in app.ts (`Registrations`), and the start (registerRoutes).
 */
import { foundRoutesModules } from './foundRoutes.ts';

/** Each found feature's routes function, by its folder's name (declaration merging: each routes.ts adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureRoutes {}

type Joined<T> = (T extends unknown ? (part: T) => void : never) extends (part: infer I) => void ? I : never;

/** The handlers every found feature gives, together (each feature's `RoutesOf<…>`). */
export type FoundRegistrations = Joined<
  { [K in keyof FeatureRoutes]: FeatureRoutes[K] extends (...args: never[]) => infer R ? R : never }[keyof FeatureRoutes]
>;

/** The routes functions of the features found under server/src, in the order of their folders' names. */
export async function foundFeatureRoutes<Context>(): Promise<{ feature: string; routes: (ctx: Context) => Record<string, unknown> }[]> {
  const found = [];
  for (const [feature, module] of await foundRoutesModules()) {
    // a routes.ts without a default export is registered by app.ts itself (it needs more than the app's context)
    if (typeof module.default === 'function') found.push({ feature, routes: module.default as (ctx: Context) => Record<string, unknown> });
  }
  return found;
}
