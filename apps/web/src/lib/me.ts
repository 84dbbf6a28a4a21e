// The signed-in user and the login answer come from the accounts contract (API.md "Profile", "Auth");
// re-exported here so web code has one import for the session's types.
export type { LoginAnswer, Me } from '@arbor/contract';
