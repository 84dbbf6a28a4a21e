import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorView } from '../features/shell/index.ts';
import { useTreeByUuid } from '../features/trees/index.ts';
import { VersionHistory } from '../features/versions/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { useSetPageSubject } from '../lib/page-subject.ts';

/** /trees/:uuid/versions — the owner's version history. */
export default function TreeVersionsPage() {
  const { t } = useTranslation('trees');
  const { uuid } = useParams();
  const tree = useTreeByUuid(uuid);
  useSetPageSubject(tree.data?.title);
  if (tree.isPending) return <Skeleton h={480} radius="lg" />;
  if (tree.isError) {
    const status = tree.error instanceof ApiError && tree.error.status ? tree.error.status : 500;
    return <ErrorView status={status} message={status === 404 ? t('errors.treeNotFound') : t('errors.loadFailed')} />;
  }
  return <VersionHistory key={tree.data.uuid} tree={tree.data} />;
}
