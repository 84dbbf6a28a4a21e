// Declarations only: suggestions subscribes to no other module's events.

/** The events the suggestions module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** `authorId` suggested edits to a template by `shareAuthorId` */
    'suggestion.posted': { suggestionId: number; shareId: number; shareAuthorId: number; authorId: number };
    /** the template's author (`deciderId`) accepted or rejected a suggestion by `suggesterId` */
    'suggestion.decided': {
      suggestionId: number;
      shareId: number;
      suggesterId: number;
      deciderId: number;
      status: 'accepted' | 'rejected';
    };
  }
}

export {};
