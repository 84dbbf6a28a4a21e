import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../features/shell/index.ts';

/** The error boundary of the router: fatal or unhandled errors become the error page (SPEC §2). */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error))
    return <ErrorView status={error.status} message={`${error.status} ${error.statusText}`} standalone={standalone} />;
  console.error(error);
  return <ErrorView status={500} standalone={standalone} detail={error instanceof Error ? error.message : undefined} />;
}
