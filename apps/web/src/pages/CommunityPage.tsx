import { CommunityBrowser } from '../features/community/index.ts';

/** `/community`: the skill-tree template community. */
export default function CommunityPage() {
  return <CommunityBrowser />;
}
