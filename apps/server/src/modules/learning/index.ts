// Learning: progress, unlocking, goal paths, private notes and activity (later also cards and FSRS
// reviews, quizzes, plans and the calendar feed). Everything here is private to its learner.
export { LEARNING_MESSAGES } from './learning.messages.ts';
export { learningRoutes } from './learning.routes.ts';
export { learningPublicRoutes } from './public.routes.ts';
export { subscribeLearning } from './learning.events.ts';
export { createLearningCaches } from './subjects.ts';
// Card kinds for the Anki importer and exporter: cards of any kind made in a transaction the caller
// owns, and card images (stored file first, row in that transaction, files deleted if it fails).
export { createCardsIn, type CardTarget } from './card-batch.service.ts';
export type { CardInput } from './card-kinds.ts';
export type { CardRow, Schedule } from './cards.repository.ts';
export { newSchedule } from './cards.service.ts';
export {
  storeCardImageFile,
  insertCardImageIn,
  deleteCardImageFiles,
  readOwnCardImageBytes,
  cardImageUrl,
  type StoredCardImage,
} from './card-images.service.ts';
export type { CardImageRow } from './card-images.repository.ts';
export {
  findAssignableSubject,
  checkTarget,
  readCohortProgress,
  type AssignableSubject,
  type CohortMember,
  type CohortProgress,
  type CohortSubject,
} from './cohort.service.ts';
export { addDays, localDay } from './local-days.ts';
export { createSubjectAssignmentsRuntime, subjectKeyOf, type SubjectAssignmentsReader } from './subject-assignments.ts';
export { resolveSubject, resolveSubjectById, type ResolvedSubject, type SubjectRefInput } from './subjects.ts';
export { learnerGrounding, type LearnerGrounding, type WeakCard } from './tutor-grounding.ts';
// Cards in bulk for the Anki importer and exporter: the learner's scheduler, imported history,
// and one subject's cards with their logs.
export { readSettings } from './settings.service.ts';
export { schedulerFor } from './scheduler.ts';
export { scheduleOf } from './card-reviews.service.ts';
export { touchSubject, type SubjectKey } from './learning.repository.ts';
export type { ReviewLogRow } from './cards.repository.ts';
export type { ExportedLogRow } from './card-transfer.repository.ts';
export {
  createManyCardsIn,
  insertImportedLogsIn,
  readSubjectCards,
  type ImportedLog,
  type ManyCardsInput,
  type SubjectCards,
} from './card-transfer.service.ts';
