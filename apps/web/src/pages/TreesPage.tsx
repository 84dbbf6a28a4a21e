import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function TreesPage() {
  return <PlaceholderPage titleKey="shell:routes.trees" />;
}
