// The events the accounts module publishes (it subscribes to none).
export {};

declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /**
     * sessions of `userId` ended: a logout (that session), a password reset or a deactivation (all of
     * them; what the account gave out, such as its calendar feed, ends too)
     */
    'user.sessions_ended': { userId: number; reason: 'logout' | 'password_reset' | 'deactivated' };
    /** an account is being removed; its rows go with it in the emitting transaction */
    'user.deleted': { userId: number };
  }
}
