// The suggestions module's surface: suggested edits of templates.
export { suggestionsRoutes } from './suggestions.routes.ts';
