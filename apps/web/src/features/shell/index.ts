// The shell feature's public surface: the pieces app/ lays out (header, navigation, footer, toolbar)
// and the views pages share (error and loading states).
export { ErrorView } from './components/ErrorView.tsx';
export { Footer } from './components/Footer.tsx';
export { HeaderActions } from './components/HeaderActions.tsx';
export { HintTooltip, LanguageMenu } from './components/deferred.tsx';
export { Logo } from './components/Logo.tsx';
export { PageLoader } from './components/PageLoader.tsx';
export { PageToolbar } from './components/PageToolbar.tsx';
export { SkipLink } from './components/SkipLink.tsx';
export { ThemeToggle } from './components/ThemeToggle.tsx';
export { useViewKey } from './soft-reload.ts';
