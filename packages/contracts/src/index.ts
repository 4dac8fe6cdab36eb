export * from './envelope.ts';
export * from './wheres.ts';
export * from './entities.ts';
