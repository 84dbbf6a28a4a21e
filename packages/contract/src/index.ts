export * from './errors.ts';
export * from './pagination.ts';
export * from './health.ts';
export * from './common.ts';
export * from './ai.ts';
export * from './trees.ts';
