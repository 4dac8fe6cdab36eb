import type { systemApi } from '@qb/contracts/schemas';
import type { FastifyReply } from 'fastify';
import type { AnyDb } from '../db/connection.ts';
import { Readiness } from '../db/readiness.ts';
import { errorAnswer } from './errors.ts';
import type { RoutesOf } from './route.ts';

/** The server's health: ready once started, and ready to serve while its database answers. */
export function healthRoutes(db: AnyDb): RoutesOf<typeof systemApi> {
  // readiness for a load balancer: the app's database answers (a select 1 within 1 s, cached for 1 s)
  const readiness = new Readiness(db);
  return {
    health: async () => ({ status: true as const }),
    healthReady: async (req, reply) => {
      if (await readiness.ready()) return { status: true as const };
      return (reply as FastifyReply).code(503).header('Retry-After', '1').send(errorAnswer(req, 'databaseUnavailable'));
    },
  };
}
