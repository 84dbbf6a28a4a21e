// What benchmarks and other modules' tests may use of the Anki module (the boundary lint lets test code
// import a module's `testing.ts`).
export { importForm, latestPackage, schema18Collection, type FixtureNote } from './anki.testing.ts';
