import { AdminAi } from '../features/ai/admin/AdminAi.tsx';

export default function AdminAiPage() {
  return <AdminAi />;
}
