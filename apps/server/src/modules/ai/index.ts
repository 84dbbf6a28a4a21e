// The AI module's surface: providers, models, prompts, request logs and generation.
export { AI_MESSAGES } from './ai.messages.ts';
export { aiRoutes } from './ai.routes.ts';
export { AI_COMMANDS } from './ai.cli.ts';
export { createAiProvidersRuntime } from './provider-clients.ts';
export { seedDefaultPrompts } from './prompts.service.ts';
export { generateFromPrompt, type StructuredGeneration, type StructuredResult } from './structured-generation.ts';
export {
  composeChat,
  loadChatSetup,
  prepareChat,
  runChat,
  type ChatGeneration,
  type ChatRun,
  type ChatSetup,
  type PreparedChat,
} from './chat-generation.ts';
export { disconnectSignal, streamAnswer, wantsEventStream, type AnswerStream } from './sse.ts';
export { revealRequestLogResponse } from './request-logs.service.ts';
export {
  parseCardDrafts,
  parseQuizQuestions,
  type CardDraftAnswer,
  type QuizQuestionAnswer,
} from './structured-parsers.ts';
