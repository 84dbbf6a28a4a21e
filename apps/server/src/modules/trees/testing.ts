// The trees module's surface for tests and benchmarks elsewhere: fixtures and the few internals they
// drive directly. Production code imports `index.ts` only.
export { createTree, nodeImageForm, sampleDocument, uploadNodeImage } from './trees.testing.ts';
export { checkTreeDocument } from './tree-document.ts';
export { readVersionDocument } from './version-storage.ts';
export { storedVersionBytes } from './versions.repository.ts';
