// The community feature's public surface for pages and other features.
export { MyShares } from './components/MyShares.tsx';
export { ShareDialog, type ShareDialogProps } from './components/ShareDialog.tsx';
export { CommunityBrowser } from './components/CommunityBrowser.tsx';
export { TemplateDetail } from './components/TemplateDetail.tsx';
