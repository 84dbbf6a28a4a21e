import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function AdminAiPage() {
  return <PlaceholderPage titleKey="shell:routes.admin-ai" />;
}
