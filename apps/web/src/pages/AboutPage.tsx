import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function AboutPage() {
  return <PlaceholderPage titleKey="shell:routes.about" />;
}
