// The AI module's surface for tests elsewhere (security): a server next to a fake provider.
export { FAKE_API_KEY, useAiTestApp } from './ai.testing.ts';
