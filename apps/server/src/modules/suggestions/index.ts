// The suggestions module's surface: suggested edits of templates.
export { suggestionsRoutes } from './suggestions.routes.ts';
export { SUGGESTIONS_MESSAGES } from './suggestions.messages.ts';
