// The AI feature's public surface: its extensions of the trees feature (registered by app/) and the
// admin page's content.
export { registerAiExtensions } from './register-extensions.ts';
export { AdminAi } from './admin/AdminAi.tsx';
// For other features' AI actions (learning's quiz): whether AI is usable, and how a failure reads.
export { useAiStatus } from './api/status.ts';
export { streamAiAnswer } from './api/generation.ts';
export { aiProblemOf, type AiProblem } from './api/errors.ts';
export { AiProblemAlert } from './components/AiProblemAlert.tsx';
