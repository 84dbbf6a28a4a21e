// The shares module's surface for tests elsewhere (other modules, ops, benchmarks): the shipped sample
// templates, bare templates written straight to the tables, the stored size of a template's revisions.
export { loadSeedTemplates } from './shares.seed.ts';
export { storedRevisionBytes } from './revisions.repository.ts';
export {
  insertBareTemplate,
  insertTaggedTemplate,
  reviseBareTemplate,
  titledDocument,
  type Titles,
} from './templates.testing.ts';
export { newTemplateHotScore } from './shares.hot.ts';
export { forgetListCounts } from './shares.service.ts';
export * as sharesRepository from './shares.repository.ts';
