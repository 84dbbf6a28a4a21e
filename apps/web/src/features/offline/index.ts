// The offline feature's public surface (the service worker's registration is features/pwa): the review
// store kept in IndexedDB (cards for offline sessions, the grade queue and its replay), offline grading
// with the learner's scheduler, the sync summary, the header indicator and Settings → Offline; learning
// offline (the subjects, trees, progress and notes kept by reading through, the edit queue and the note
// conflicts: kept-learning.ts, loaded lazily through `withOfflineStore`).
export {
  gradeOffline,
  offlineScheduler,
  schedulerFor,
  schedulerSettingsOf,
  toFsrsCard,
  type Grade,
  type OfflineSchedulerSettings,
} from './local-scheduler.ts';
export {
  clearOfflineData,
  enqueueReview,
  keepCard,
  keepCards,
  keptCards,
  openOfflineDb,
  outcomeOfError,
  queuedCount,
  removeQueuedReview,
  replayReviews,
  type OfflineDb,
  type QueuedReview,
  type ReplayOutcome,
  type SyncSummary,
} from './review-store.ts';
export {
  flushPendingGrades,
  keepGradedCard,
  offlineSessionCards,
  queueGrade,
  refreshKeptCards,
  startOfflineSync,
  unqueueGrade,
} from './offline-sync.ts';
export { offlineStatus, subscribeOfflineStatus, type OfflineStatus } from './status-store.ts';
export { showSyncSummary } from './sync-summary.tsx';
export { OfflineIndicator } from './components/OfflineIndicator.tsx';
export { OfflineSettingsSection } from './components/OfflineSettingsSection.tsx';
export { isUnreachable, readThrough, withOfflineStore, type KeptStore } from './read-through.ts';
export type { KeptSubjectRef, LearningEdit, NoteConflict } from './offline-db.ts';
export type { EditOutcome, EditSyncSummary } from './kept-learning.ts';
