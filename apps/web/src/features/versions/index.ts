// The versions feature's public surface: the version history page's content.
export { VersionHistory } from './VersionHistory.tsx';
