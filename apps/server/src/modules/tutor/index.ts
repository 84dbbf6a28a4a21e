// The tutor (API.md "Tutor"): conversations with an AI tutor grounded in the tree and in what the
// learner knows. Built on the AI module (prompts, providers, quota, logs, streaming) and on learning's
// subjects and grounding, each through its index.ts.
export { tutorRoutes } from './tutor.routes.ts';
export { subscribeTutor } from './tutor.events.ts';
export { TUTOR_MESSAGES } from './tutor.messages.ts';
