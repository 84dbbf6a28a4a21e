// The reviews module's surface: written reviews of templates and the ratings tied to them.
export { reviewsRoutes } from './reviews.routes.ts';
export { deleteReviewIn, setReviewHiddenIn } from './reviews.service.ts';
export { subscribeReviews } from './reviews.events.ts';
export { REVIEWS_MESSAGES } from './reviews.messages.ts';
