// The accounts module's public surface: the only file other code imports (tests use `testing.ts`).
export { accountsRoutes } from './accounts.routes.ts';
export { ACCOUNT_COMMANDS } from './accounts.cli.ts';
export { bootstrapAdmin } from './admin-accounts.service.ts';
export { deactivateAccount } from './profile.service.ts';
