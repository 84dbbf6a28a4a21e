// The discussion module's surface: comments on templates and their nodes.
export { commentsRoutes } from './comments.routes.ts';
export { setCommentHiddenIn, takeOut } from './comments.service.ts';
export { subscribeDiscussion } from './discussion.events.ts';
export { findCommentsByIds, type CommentRow } from './comments.repository.ts';
export { DISCUSSION_MESSAGES } from './discussion.messages.ts';
