import { ReviewSession } from '../features/learning/index.ts';

/** `/learn/review`: a focused review session over today's due cards. */
export default function LearnReviewPage() {
  return <ReviewSession />;
}
