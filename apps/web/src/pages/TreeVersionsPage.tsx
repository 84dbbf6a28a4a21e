import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function TreeVersionsPage() {
  return <PlaceholderPage titleKey="shell:routes.tree-versions" />;
}
