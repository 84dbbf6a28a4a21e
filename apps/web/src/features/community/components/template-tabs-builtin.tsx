// The community's own tabs of the template page, put in the page's slot (template-tab-slot.ts) like
// any other feature's; each panel is a chunk that loads when its tab is chosen.
import { lazy } from 'react';
import { registerTemplateTab } from '../template-tab-slot.ts';

const ReviewsTab = lazy(() => import('./reviews/ReviewsTab.tsx').then((m) => ({ default: m.ReviewsTab })));
const DiscussionTab = lazy(() => import('./discussion/DiscussionTab.tsx').then((m) => ({ default: m.DiscussionTab })));
const SuggestionsTab = lazy(() =>
  import('./suggestions/SuggestionsTab.tsx').then((m) => ({ default: m.SuggestionsTab })),
);
const HistoryTab = lazy(() => import('./history/HistoryTab.tsx').then((m) => ({ default: m.HistoryTab })));

/** Puts the community's tabs in the template page's slot (again is harmless: a tab replaces itself by id). */
export function registerCommunityTemplateTabs(): void {
  registerTemplateTab({
    id: 'reviews',
    labelKey: 'reviews:tabs.reviews',
    order: 10,
    render: ({ share, uuid }) => <ReviewsTab share={share} id={uuid} />,
  });
  registerTemplateTab({
    id: 'discussion',
    labelKey: 'reviews:tabs.discussion',
    order: 20,
    render: ({ share, uuid, place }) => (
      <DiscussionTab
        share={share}
        id={uuid}
        nodeFilter={place.node}
        onNodeFilter={place.showDiscussion}
        onShowNode={place.showNode}
      />
    ),
  });
  registerTemplateTab({
    id: 'suggestions',
    labelKey: 'reviews:tabs.suggestions',
    order: 30,
    render: ({ share, uuid, place }) => (
      <SuggestionsTab share={share} id={uuid} open={place.suggestion} onOpen={place.showSuggestion} />
    ),
  });
  registerTemplateTab({
    id: 'history',
    labelKey: 'reviews:tabs.history',
    order: 40,
    render: ({ uuid }) => <HistoryTab id={uuid} />,
  });
}
