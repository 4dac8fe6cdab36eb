/** The `wheres` grammar (../core/wheres.ts) as a schema, for the OpenAPI document; server/src/crud/wheres.ts checks it. */
import { z } from 'zod';
import { WHERE_OPERATORS, type Wheres } from '../core/wheres.ts';
import { serviceText } from './common.ts';

/** The grammar in the words of docs/api.md, shown with the `wheres` parameter and the `Wheres` schema. */
export const WHERES_GRAMMAR = `\`wheres\` is one JSON object, sent as JSON text in the query string; its keys are column names, all conditions are joined with AND.

| form | meaning | example |
|---|---|---|
| \`"col": value\` | equality; \`null\` means IS NULL | \`{"parentId": 0}\` |
| \`"col": [v1, v2]\` | IN the list; an empty list matches nothing | \`{"id": [3, 5, 8]}\` |
| \`"col": {"type": op, "value": v}\` | an operator | \`{"name": {"type": "like", "value": "驾照"}}\` |

| \`type\` | \`value\` | SQL |
|---|---|---|
| \`eq\`, \`ne\` | scalar | \`=\`, \`<>\` (ne also matches NULL) |
| \`gt\`, \`gte\`, \`lt\`, \`lte\` | scalar | \`>\`, \`>=\`, \`<\`, \`<=\` |
| \`like\` | text | contains, case-insensitive; \`%\` and \`_\` are plain characters |
| \`startsWith\`, \`endsWith\` | text | prefix / suffix match |
| \`in\`, \`notIn\` | list (at most 1000) | \`IN\`, \`NOT IN\` |
| \`between\` | \`[low, high]\` | \`BETWEEN low AND high\` (inclusive) |
| \`isNull\` | \`true\` / \`false\` | \`IS NULL\` / \`IS NOT NULL\` |

Values are checked against the column's type. Only filterable columns may be named; a secret column (sys_user.pass) is refused like an unknown one. \`"isdelete": 0\` is accepted and changes nothing (deleted rows are never listed); any other \`isdelete\` value is refused. An unknown column, an unknown operator, other keys than \`type\` and \`value\`, or a value of the wrong type is a 400 (code BAD_WHERES, BAD_OPERATOR, UNKNOWN_COLUMN, NOT_FILTERABLE or BAD_VALUE) naming the culprit; at most 20,000 characters.`;

export const WHERES_EXAMPLES = [
  { isdelete: 0, parentId: 3 },
  { id: [3, 5, 8] },
  { name: { type: 'like', value: '驾照' }, createTime: { type: 'between', value: ['2024-01-01', '2024-12-31 23:59:59'] } },
  { photo: { type: 'isNull', value: false } },
] satisfies Wheres[];

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const condition = z.strictObject({ type: z.enum(WHERE_OPERATORS), value: z.union([scalar, z.array(scalar)]) });

/** The decoded `wheres` object. */
export const wheresSchema = z
  .record(z.string(), z.union([scalar, z.array(scalar), condition]))
  .meta({ id: 'Wheres', description: WHERES_GRAMMAR, examples: WHERES_EXAMPLES });

/** The `wheres` query parameter: the JSON text of a Wheres object (#/components/schemas/Wheres). */
export const wheresParam = serviceText('filters: a JSON object, see the Wheres schema (#/components/schemas/Wheres)\n\n' + WHERES_GRAMMAR).meta({
  examples: [JSON.stringify(WHERES_EXAMPLES[2])],
  contentMediaType: 'application/json',
});

/** The schema and the hand-written grammar type describe the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type WheresSchemaAgrees = Assert<Same<z.infer<typeof wheresSchema>, Wheres>>;
