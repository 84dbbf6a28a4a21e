import { useSearchParams } from 'react-router';
import { ErrorView } from '../features/shell/index.ts';

/** A linkable error page (`?status=500&message=…`); the router's error boundary renders the same view. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const status = Number(params.get('status')) || 404;
  return <ErrorView status={status} message={params.get('message') ?? undefined} />;
}
