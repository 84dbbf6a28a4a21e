import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function TemplateDetailPage() {
  return <PlaceholderPage titleKey="shell:routes.template-detail" />;
}
