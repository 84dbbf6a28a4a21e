// The moderation feature's public surface: the admin's /admin/moderation page content (lazy, with
// the `moderation` strings its route loads).
export { ModerationQueue } from './components/ModerationQueue.tsx';
