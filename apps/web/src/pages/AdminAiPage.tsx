import { AdminAi } from '../features/ai/index.ts';

export default function AdminAiPage() {
  return <AdminAi />;
}
