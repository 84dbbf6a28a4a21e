import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function TreeEditorPage() {
  return <PlaceholderPage titleKey="shell:routes.tree-editor" />;
}
