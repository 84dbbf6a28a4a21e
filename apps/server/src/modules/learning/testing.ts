// What benchmarks and other modules' tests may use of learning (the boundary lint lets test code
// import a module's `testing.ts`).
export { generateHistory, WEAK_MEMORY } from './fsrs-history.testing.ts';
export { loadBinding, optimize } from './fsrs-optimizer.ts';
export { learnableDocument } from './subjects.ts';
