// The media module's surface: uploaded images (avatars, covers, node images) served from storage.
export { mediaRoutes } from './media.routes.ts';
