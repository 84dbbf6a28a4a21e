// Learning: progress, unlocking, goal paths, private notes and activity (later also cards and FSRS
// reviews, quizzes, plans and the calendar feed). Everything here is private to its learner.
export { LEARNING_MESSAGES } from './learning.messages.ts';
export { learningRoutes } from './learning.routes.ts';
export { calendarFeedRoutes as learningPublicRoutes } from './plans.routes.ts';
export { subscribeLearning } from './learning.events.ts';
export { createLearningCaches } from './subjects.ts';
