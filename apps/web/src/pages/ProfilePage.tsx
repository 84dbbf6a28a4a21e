import { PlaceholderPage } from '../features/shell/components/PlaceholderPage.tsx';

export default function ProfilePage() {
  return <PlaceholderPage titleKey="shell:routes.profile" />;
}
