import { CommunityBrowser } from '../features/community/components/CommunityBrowser.tsx';

/** `/community`: the skill-tree template community. */
export default function CommunityPage() {
  return <CommunityBrowser />;
}
