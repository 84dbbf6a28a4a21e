// The community feature's public surface for pages, app/ and other features.
export { MyShares } from './components/MyShares.tsx';
export { CommunityBrowser } from './components/CommunityBrowser.tsx';
export { TemplateDetail } from './components/TemplateDetail.tsx';
export { ShareGrid } from './components/ShareGrid.tsx';
export { ShareCard } from './components/ShareCard.tsx';
export { useHotTags } from './api/hot-tags.ts';
export { useShares } from './api/list-shares.ts';
export { prefetchCommunityList } from './api/community-list.ts';
export { prefetchShare, useShare } from './api/get-share.ts';
export { registerCommunityExtensions } from './register-extensions.tsx';
export { registerTemplateTab, type TemplateTabContext, type TemplateTabEntry } from './template-tab-slot.ts';
export { openReportDialog, type ReportTarget } from './report/open-report-dialog.ts';
export { authorPath, collectionPath } from './paths.ts';
export { ReportButton } from './components/report/ReportButton.tsx';
