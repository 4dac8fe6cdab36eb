import { api, type EndpointName, type RouteDeclaration, type RouteOf } from '@qb/contracts/schemas';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A handler of the call `K`: its request and answer have the types of the call's schemas. */
export type RouteHandler<K extends EndpointName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteOf<K>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a feature gives for a call: its handler, or its handler with the route's options (a rate limit). */
export type Registration<K extends EndpointName> = RouteHandler<K> | { handler: RouteHandler<K>; config: RouteShorthandOptions['config'] };

/** The handlers of the calls `K`, by name: each key a call, each value typed from that call's declaration. */
export type Registrations<K extends EndpointName = EndpointName> = { [N in K]: Registration<N> };

/**
 * The handlers of the calls a contracts record declares (`RoutesOf<typeof accessApi>`): what a feature's
 * `routes.ts` exports, as the return type of its function. A call added to the record and not handled, or a
 * handler of a call the record does not declare, fails the type check there.
 */
export type RoutesOf<Declared> = Registrations<keyof Declared & EndpointName>;

/**
 * Registers every call of the API from its one declaration in packages/contracts (`defineRoute` in the record of
 * its feature's file: method, path, schemas, which also make the OpenAPI document) with the handler the app's
 * features give for it, in the order of the declarations. `routes` must hold a handler for every declared call and for nothing
 * else: the type checker says so in app.ts, and this check stops the start if a record was assembled otherwise.
 */
export function registerRoutes(app: FastifyInstance, routes: Registrations): void {
  const given = Object.keys(routes);
  const missing = Object.keys(api).filter((name) => !Object.hasOwn(routes, name));
  const undeclared = given.filter((name) => !Object.hasOwn(api, name));
  if (missing.length || undeclared.length) {
    const says = [
      missing.length ? `declared without a handler: ${missing.join(', ')}` : '',
      undeclared.length ? `handled but not declared: ${undeclared.join(', ')}` : '',
    ];
    throw new Error(`the API's routes do not match their declarations (packages/contracts/src/api): ${says.filter(Boolean).join('; ')}`);
  }
  // in the order of the declarations (api/routes.ts), whatever order the features were found in
  for (const name of Object.keys(api) as EndpointName[]) {
    const registration = routes[name] as Registration<EndpointName>;
    const { handler, ...options } = typeof registration === 'function' ? { handler: registration } : registration;
    // who may call it (`public`, `access`) is the handler's and the session guard's, not a part of the route schema
    const { method, path, public: _public, access: _access, ...declared } = api[name] as RouteOf<EndpointName> & Pick<RouteDeclaration, 'public' | 'access'>;
    // The call's name is its operationId: client generators name their methods by it (unique: the api map's keys).
    // Fastify's own route options know no single call's schema: the handler's types were checked where it was written
    const schema = { ...declared, operationId: name };
    app.route({ method, url: path, schema, ...options, handler: handler as RouteHandlerMethod });
  }
}
