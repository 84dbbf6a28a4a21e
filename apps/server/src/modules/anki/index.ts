// Anki import and export (API.md "Cards people already have"): decks in as a background job, and a
// subject's cards out as an .apkg. Cards, card images and logs are learning's, reached through its index.
export { ANKI_MESSAGES } from './anki.messages.ts';
export { ankiRoutes } from './anki.routes.ts';
export { subscribeAnki } from './anki.events.ts';
