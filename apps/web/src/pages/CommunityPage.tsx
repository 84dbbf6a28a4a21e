import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function CommunityPage() {
  return <PlaceholderPage titleKey="shell:routes.community" />;
}
