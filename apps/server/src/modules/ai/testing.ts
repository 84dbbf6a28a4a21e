// The AI module's surface for tests elsewhere (security, localized errors): a server next to a fake provider.
export { configureAi, FAKE_API_KEY, parseSse, useAiTestApp } from './ai.testing.ts';
