import { formFieldStates, formValueFields, validateFormValues } from '@qb/contracts';
import type { FastifyRequest } from 'fastify';
import { assertAllowed } from '../access/index.ts';
import type { Connection } from '../db/connection.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { badRequest } from '../http/errors.ts';
import { prefersEnglish } from '../http/messages.ts';
import { boundFormOf, formValuesOf, storedValuesOf } from './binding.ts';
import { assertPatternWorkBounded } from './patterns.ts';

/**
 * A save of a table bound to a form is checked with that form's rules (validateFormValues: the browser's
 * messages, in the caller's language, linkage included) before the write starts; nothing is written when a
 * value is refused. Answers the params to save: lists as JSON text, switches as numbers (binding.ts).
 * An edit checks the fields it sends (the others keep their stored values).
 */
export async function checkBoundSave(
  ctx: { conn: Connection; registry: TableRegistry },
  req: Pick<FastifyRequest, 'headers' | 'caller'>,
  flag: unknown,
  params: unknown,
): Promise<unknown> {
  if (typeof flag !== 'string' || !ctx.registry.has(flag)) return params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  // the permission first: rules of a form are not told to a caller who may not save
  assertAllowed(req.caller, flag, 'save');
  const schema = await boundFormOf(ctx.conn.db, ctx.registry, flag);
  if (!schema) return params;
  const record = params as Record<string, unknown>;
  // a save that only marks the row deleted is a delete, not a form
  const keys = Object.keys(record).filter((k) => k !== 'id');
  if (keys.length === 1 && keys[0] === 'isdelete') return params;
  const values = formValuesOf(schema, record);
  const isEdit = record.id !== undefined && record.id !== null && record.id !== '';
  const sent = new Set(Object.keys(record));
  const lang = prefersEnglish(req) ? 'en' : 'zh';
  assertPatternWorkBounded(schema, values, lang);
  const problems = validateFormValues(schema, values, lang).filter((p) => !isEdit || sent.has(p.field));
  if (problems.length > 0) throw badRequest('formValuesInvalid', { problems: problems.map((p) => p.message).join(lang === 'en' ? '; ' : '；') });
  // a field hidden by linkage is not submitted (docs/forms.md "Linkage"): its value is not written
  const states = formFieldStates(schema, values);
  for (const field of formValueFields(schema)) if (!states[field.name]?.visible) delete values[field.name];
  return storedValuesOf(schema, ctx.registry.get(flag), values);
}
