export * from './errors.ts';
export * from './pagination.ts';
export * from './health.ts';
export * from './common.ts';
export * from './community.ts';
export * from './ai.ts';
export * from './accounts.ts';
export * from './trees.ts';
