// The discussion module's surface: comments on templates and their nodes.
export { commentsRoutes } from './comments.routes.ts';
export { setCommentHiddenIn, subscribeComments, takeOut } from './comments.service.ts';
export { DISCUSSION_MESSAGES } from './discussion.messages.ts';
