// The AI module's surface: providers, models, prompts, request logs and generation.
export { aiRoutes } from './ai.routes.ts';
export { seedDefaultPrompts } from './prompts.service.ts';
