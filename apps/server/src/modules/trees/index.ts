// The trees module's public surface (trees, versions, node images, document storage): the only file
// other code imports. Tests elsewhere use `testing.ts`.
export { TREES_MESSAGES } from './trees.messages.ts';
export { treesRoutes } from './trees.routes.ts';
export { subscribeTrees } from './trees.events.ts';
export { parseStoredDocument } from './tree-document.ts';
export { presentTree } from './trees.presenter.ts';
export {
  createTreeFromDocument,
  createTreeIn,
  findOwnTreeByUuid,
  getTreeDocumentForOwner,
  getTreeForEditor,
  getTreeForViewer,
  lockTreeIn,
  lockWorkingCopyIn,
  readDocumentForViewer,
  readTreeForViewer,
  type TreeUpstreamOrigin,
  type ViewableDocument,
  type ViewableTree,
} from './trees.service.ts';
export { saveVersionIn } from './versions.service.ts';
export { findForksOfOwners } from './trees.repository.ts';
export { checkTreeDocument } from './tree-document.ts';
export { getForkOrigin, syncWorkingCopy, type ForkState, type UpstreamMerge } from './upstream-sync.service.ts';
export { expectedRevision, revisionEtag } from './revision.ts';
export { presentVersion } from './versions.presenter.ts';
export { presentNodeImage } from './node-images.presenter.ts';
export { createNodeImage, imageUrlsOfDocument, withoutForeignImages } from './node-images.service.ts';
export { withSourceImages } from './node-image-copies.ts';
export { createTreesCaches } from './document-bytes.ts';
