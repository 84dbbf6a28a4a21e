// The suggestions module's surface: suggested edits of templates.
export { suggestionsRoutes } from './suggestions.routes.ts';
// Its event types (declarations only), so that every program that builds the app sees them.
import './suggestions.events.ts';
export { SUGGESTIONS_MESSAGES } from './suggestions.messages.ts';
