// How values of types the app's own tables never use are read (issue 28 #4, docs/datasources.md "Every type a
// read-back accepts"): as the engine's own text, so that a value listed saves back as the same value. Data-source pools
// use these whole; the app's own connection (db/connection.ts) for the tables read back from its own database.
import mysql from 'mysql2';
import pg from 'pg';

/**
 * pg's parsers for a source's values: every value is the text the engine wrote (a date stays '2024-01-02', not a Date
 * at midnight; an interval '1 day', a point '(1,2)', bytea '\\x0102', json, arrays, timestamps with their microseconds),
 * so that a value listed saves back as the same value (docs/datasources.md). Only these are read into JavaScript:
 * booleans, the integers (int8 beyond 2^53 stays text: 9007199254740993 is not rounded), finite floats, and money as
 * a plain number text ('$1,234.50' was answered as null). numeric stays its exact text (answered as a number when exact).
 */
const SOURCE_PARSED_OIDS = new Set([16, 21, 23, 26]);
export function moneyText(text: string): string {
  const digits = text.replace(/[^0-9.]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return text;
  return /-|\(/.test(text) ? `-${digits}` : digits;
}
const asText = (v: string) => v;
export const sourcePgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format === 'binary') return pg.types.getTypeParser(oid, format);
    if (oid === 20) return (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : v);
    // Infinity and NaN stay text (JSON has no such number: they were answered as null)
    if (oid === 700 || oid === 701) return (v: string) => (Number.isFinite(Number(v)) ? Number(v) : v);
    if (oid === 790) return moneyText;
    return SOURCE_PARSED_OIDS.has(oid) ? pg.types.getTypeParser(oid, 'text') : asText;
  },
} as pg.CustomTypesConfig;

/**
 * A source's MySQL/MariaDB values as text, as they save back: JSON as the text it stores (mysql2 would parse it into
 * an object), BIT as its number (digits beyond 2^53), binary strings and geometry as 0x… hex (read-only columns:
 * schema/nativeTypes.ts; a Buffer was answered as {"type":"Buffer",…}, a point as {"x":1,"y":2}).
 */
export const mysqlTextCast: mysql.TypeCast = (field, next) => {
  if (field.type === 'JSON') return field.string('utf8');
  if (field.type === 'BIT') {
    const bytes = field.buffer();
    if (bytes === null) return null;
    const n = BigInt(`0x${bytes.toString('hex') || '0'}`);
    return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
  }
  // mysql2 reads a binary string (by its collation, which the hook does not see) as a Buffer and geometry as objects
  const value: unknown = field.type === 'GEOMETRY' ? field.buffer() : next();
  return Buffer.isBuffer(value) ? `0x${value.toString('hex').toUpperCase()}` : value;
};

/** A decimal's text as a number while the number is exactly it (15 significant digits at most), else the text itself. */
export const exactDecimal = (v: string): number | string => (Number.isFinite(Number(v)) && v.replace(/^-?0*|\./g, '').length <= 15 ? Number(v) : v);

/**
 * The app's own MySQL/MariaDB connections: as a source's (above), and DECIMAL as a number only while it is one exactly
 * (the money columns), as the app's PostgreSQL numeric: a decimal(40,10) of a table read back from this database was
 * read as a double and saved back rounded (123456789012345678901.1234567891 became …680000.0000000000).
 */
export const appMysqlCast: mysql.TypeCast = (field, next) => {
  if (field.type === 'NEWDECIMAL' || field.type === 'DECIMAL') {
    const text = field.string('ascii');
    return text === null ? null : exactDecimal(text);
  }
  return mysqlTextCast(field, next);
};

/**
 * The app's own pg connections: the types its own tables never use (dates, zoned timestamps, intervals, bytea,
 * geometry, json, arrays) read as the engine's text, as a source reads them, for the tables read back from this
 * database (pg made Date objects, {"days":1}, {"x":1,"y":2} and Buffers of them). Its own types keep their parsers.
 */
const APP_TEXT_OIDS = [
  1082, 1184, 1186, 17, 600, 601, 602, 603, 604, 628, 718, 114, 3802, 199, 3807, 1000, 1001, 1005, 1007, 1009, 1014, 1015, 1016, 1021, 1022, 1028, 1040, 1041,
  1115, 1182, 1183, 1185, 1231, 1270, 2951, 651, 791,
];
export function readAppTypesAsText(): void {
  for (const oid of APP_TEXT_OIDS) pg.types.setTypeParser(oid, asText);
  pg.types.setTypeParser(790, moneyText);
  // Infinity and NaN stay text (JSON has no such number: they were answered as null)
  for (const oid of [700, 701]) pg.types.setTypeParser(oid, (v) => (Number.isFinite(Number(v)) ? Number(v) : v));
}
