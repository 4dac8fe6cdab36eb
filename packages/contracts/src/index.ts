export * from './envelope.ts';
export * from './wheres.ts';
export * from './entities.ts';
export * from './forms/index.ts';
export type * from './api/types.ts';
export * from './ownKeys.ts';
export * from './api/rowVersion.ts';
