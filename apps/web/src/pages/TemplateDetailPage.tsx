import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { TemplateDetail, useShare } from '../features/community/index.ts';
import {
  LearningChecklistMark,
  LearningModeControls,
  LearningNodeDetails,
  LearningProvider,
  LearningStatusBar,
  useNextToLearn,
} from '../features/learning/index.ts';
import { AddToCollectionButton } from '../features/social/index.ts';
import { useSetPageSubject } from '../lib/page-subject.ts';
import { useSession } from '../lib/session.ts';

const checklistMark = (node: { id: string; title: string; parent_id: string | null }) => (
  <LearningChecklistMark node={node} />
);

/** `/community/:uuid`: one template of the community, and learning mode on it for a signed-in user. */
export default function TemplateDetailPage() {
  const { uuid = '' } = useParams();
  const session = useSession();
  // The same query TemplateDetail reads (one request): learning names nodes by their titles. Deferred
  // as TemplateDetail defers it, so the answer's arrival re-renders the page in a transition, not in
  // one synchronous task.
  const share = useDeferredValue(useShare(uuid));
  useSetPageSubject(share.data?.title);
  const signedIn = session.status === 'authenticated';
  return (
    <LearningProvider key={uuid} subject={{ kind: 'share', uuid }} doc={share.data?.data} available={signedIn}>
      <TemplateDetail
        key={uuid}
        uuid={uuid}
        headerExtra={signedIn ? <LearningModeControls /> : null}
        canvasExtra={<LearningNodeDetails />}
        canvasFooter={signedIn ? <LearningStatusBar /> : null}
        outlineMark={signedIn ? checklistMark : undefined}
        useCanvasTarget={useNextToLearn}
        actionsExtra={signedIn ? <AddToCollectionButton share={uuid} /> : null}
      />
    </LearningProvider>
  );
}
