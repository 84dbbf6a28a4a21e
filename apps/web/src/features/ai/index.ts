// The AI feature's public surface: its extensions of the trees feature (registered by app/) and the
// admin page's content.
export { registerAiExtensions } from './register-extensions.ts';
export { AdminAi } from './admin/AdminAi.tsx';
export { useAiStatus } from './api/status.ts';
export { aiProblemOf } from './api/errors.ts';
