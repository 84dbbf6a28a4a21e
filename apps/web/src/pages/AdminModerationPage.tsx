import { ModerationQueue } from '../features/moderation/index.ts';

export default function AdminModerationPage() {
  return <ModerationQueue />;
}
