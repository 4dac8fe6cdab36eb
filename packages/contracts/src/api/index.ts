/**
 * The route schemas (zod): request and answer of every call, for the server's validation, its OpenAPI
 * document (/api/openapi.json) and the web client's types. The web imports this entry for types only
 * (`import type`), so zod stays out of its bundle; the types are also re-exported by `@qb/contracts`.
 */
export * from './common.ts';
export * from './models.ts';
export * from './wheres.ts';
export * from './auth.ts';
export * from './crud.ts';
export * from './imports.ts';
export * from './history.ts';
export * from './uploads.ts';
export * from './system.ts';
export * from './access.ts';
export * from './datasources.ts';
export * from './forms.ts';
export * from './endpoints.ts';
export * from './routes.ts';
