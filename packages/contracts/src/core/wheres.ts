/**
 * The `wheres` grammar of GET /api/select/ (docs/api.md is the full description).
 *
 *   { "column": scalar }                 equality (null means IS NULL)
 *   { "column": [a, b, c] }              IN the list (an empty list matches nothing)
 *   { "column": { "type": op, "value": v } }
 *
 * Operators: eq, ne, gt, gte, lt, lte, like (contains), startsWith, endsWith,
 * in, notIn (value is a list), between (value is [low, high]), isNull (value true or false).
 */
export type Scalar = string | number | boolean | null;
export const WHERE_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'startsWith', 'endsWith', 'in', 'notIn', 'between', 'isNull'] as const;
export type WhereOperator = (typeof WHERE_OPERATORS)[number];
export interface WhereCondition {
  type: WhereOperator;
  value: Scalar | Scalar[];
}
export type WhereValue = Scalar | Scalar[] | WhereCondition;
export type Wheres = Record<string, WhereValue>;
