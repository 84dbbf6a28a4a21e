// The accounts module's public surface: the only file other code imports (tests use `testing.ts`).
// The events accounts publishes (declarations only), so that every program that builds the app sees them.
import './accounts.events.ts';

export { ACCOUNTS_MESSAGES } from './accounts.messages.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { ACCOUNT_COMMANDS } from './accounts.cli.ts';
export { bootstrapAdmin } from './admin-accounts.service.ts';
export { deactivateAccount } from './profile.service.ts';
export { findUserStates } from './accounts.repository.ts';
export { hasPageSessionCookie, pageViewer } from './page-session.ts';
