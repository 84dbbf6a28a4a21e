// The community module's surface for tests elsewhere (ops): the shipped sample templates.
export { loadSeedTemplates } from './community.seed.ts';
