export * from './envelope.ts';
export * from './core/wheres.ts';
export * from './core/entities.ts';
export * from './core/errorCodes.ts';
export * from './forms/index.ts';
export type * from './api/types.ts';
export * from './core/ownKeys.ts';
export * from './api/rowVersion.ts';
