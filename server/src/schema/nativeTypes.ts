import type { SourceEngine } from '../datasources/index.ts';
import type { ColumnType } from '@qb/contracts';

/**
 * How the page serves a column read back from PostgreSQL or MySQL/MariaDB, by its engine type (docs/datasources.md,
 * "Every type a read-back accepts"). Every value is listed as the engine's own text of it (the source pools read
 * nothing into objects: datasources/engines.ts) and saved back as that text, which the engine parses into the same
 * value; the few types no text form can carry back (binary data, MySQL's geometry) are listed as hex and read-only.
 */
export interface ReadBackKind {
  type: ColumnType;
  length?: number;
  /** listed as text, never written by a save (the page shows it read-only with a note) */
  readOnly?: boolean;
}

/** Types whose text is not a date picker's: a time of day, with its zone, or a duration ('1 day', '-838:59:59'). */
const TIME_TEXT = /^(time|time without time zone|time with time zone|interval)$/;
/** MySQL/MariaDB types without a text form that saves back: binary strings and geometry, listed as 0x… hex. */
const MYSQL_BINARY =
  /^(binary|varbinary|tinyblob|blob|mediumblob|longblob|geometry|point|linestring|polygon|multipoint|multilinestring|multipolygon|geometrycollection)$/;

/** The kind of a PostgreSQL or MySQL column by its engine type (`native`), or undefined where the catalogue's mapping stands. */
export function readBackKind(engine: SourceEngine, native: string): ReadBackKind | undefined {
  if (TIME_TEXT.test(native)) return { type: 'nvarchar', length: 100 };
  if (engine === 'postgres') {
    if (native === 'bytea') return { type: 'ntext', readOnly: true };
    if (native === 'date' || native.startsWith('timestamp')) return { type: 'datetime' };
    return undefined;
  }
  if (engine === 'mysql') {
    const base = native.replace(/ unsigned$/, '');
    if (MYSQL_BINARY.test(base)) return { type: 'ntext', readOnly: true };
    if (base === 'bit' || base === 'year') return { type: 'int' };
    if (base === 'date' || base === 'datetime' || base === 'timestamp') return { type: 'datetime' };
  }
  return undefined;
}

/**
 * PostgreSQL types a filter compares as they are (`=`, `<`, `between` with the sent text parsed by the engine). Any
 * other (json, xml, the geometric types, a type of an extension) is compared as its text: `point = '(1,2)'` has no
 * operator (a 500 before), `box = …` would compare areas.
 */
const PG_COMPARABLE =
  /^(smallint|integer|bigint|numeric|real|double precision|money|boolean|text|character varying|character|varchar|char|name|citext|date|time.*|timestamp.*|interval|uuid|jsonb|inet|cidr|macaddr8?|bit|bit varying|tsvector|enum|.*\[\])$/;

/** Whether a filter on a read-back column of this engine type compares the column's text (PostgreSQL only). */
export function comparedAsText(engine: SourceEngine, native: string | undefined): boolean {
  return engine === 'postgres' && native !== undefined && !PG_COMPARABLE.test(native);
}

/** The largest key an integer column of this engine type holds (a larger id is a 400, not the engine's range error). */
export function integerKeyLimit(native: string): bigint {
  const unsigned = / unsigned$/.test(native);
  const base = native.replace(/ unsigned$/, '');
  const bits = /^(tinyint)$/.test(base)
    ? 8
    : /^(smallint|int2|smallserial)$/.test(base)
      ? 16
      : base === 'mediumint'
        ? 24
        : /^(bigint|int8|bigserial)$/.test(base)
          ? 64
          : 32;
  return 2n ** BigInt(unsigned ? bits : bits - 1) - 1n;
}
