export * from './document.ts';
export * from './validate.ts';
export * from './tree-index.ts';
export * from './operations.ts';
export * from './diff.ts';
export * from './markdown.ts';
export * from './json-io.ts';
export { longestIncreasingSubsequence } from './sequence.ts';
export * from './paths.ts';
