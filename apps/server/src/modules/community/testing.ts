// The community module's surface for tests elsewhere (ops, benchmarks): the shipped sample templates,
// the stored size of a template's revisions.
export { loadSeedTemplates } from './community.seed.ts';
export { storedRevisionBytes } from './revisions.repository.ts';
export { insertBareTemplate } from './templates.testing.ts';
