import { endpoints, routeSchemas, type EndpointName, type RouteOf } from '@qb/contracts/schemas';
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

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

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

/**
 * Registers the call `name` with its method, path and schemas from their one declaration in packages/contracts
 * (api/endpoints.ts: method and path; api/routes.ts: request and answer schemas, which also make the OpenAPI
 * document). A route file says only what the call does: `on(app, 'menuActions', async (req) => …)`.
 */
export function on<K extends EndpointName>(app: ZodApp, name: K, handler: RouteHandler<K>, options: Pick<RouteShorthandOptions, 'config'> = {}): void {
  const { method, url } = endpoints[name];
  // the handler's types are checked at each call of on(); Fastify's own route options know no single call's schema.
  // The call's name is its operationId: client generators name their methods by it (unique: api/endpoints.ts keys)
  const schema = { ...routeSchemas[name], operationId: name };
  app.route({ method, url, schema, ...options, handler: handler as RouteHandlerMethod });
}
