import { Button, Center, Pagination, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBJECTS_PAGE_SIZE, useSubjects } from '../../api/useSubjects.ts';
import { SubjectCard } from './SubjectCard.tsx';
import { LoadError } from '../../../../lib/LoadError.tsx';

/** "What I am learning": a card per subject, newest activity first, paged; an empty state pointing to the community. */
export function SubjectsSection() {
  const { t } = useTranslation('learning');
  const [page, setPage] = useState(1);
  const subjects = useSubjects(page);
  const pages = subjects.data ? Math.ceil(subjects.data.count / SUBJECTS_PAGE_SIZE) : 0;
  // Forgetting the last subject of the last page leaves that page empty (or gone): step back.
  if (page > 1 && (subjects.isError || (subjects.data && !subjects.isPlaceholderData && page > pages)))
    setPage(Math.max(1, pages));
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-subjects-title" data-testid="learn-subjects">
      <Title order={2} id="learn-subjects-title" size="h3">
        {t('home.subjectsTitle')}
      </Title>
      {subjects.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : subjects.isError ? (
        <LoadError message={t('home.loadFailed')} retry={t('home.retry')} onRetry={() => void subjects.refetch()} />
      ) : subjects.data.count === 0 ? (
        <Center py="xl" data-testid="learn-empty">
          <Stack align="center" gap="sm" maw={420}>
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconSchool size={30} aria-hidden />
            </ThemeIcon>
            <Text fw={700} size="lg" ta="center">
              {t('home.emptyTitle')}
            </Text>
            <Text c="dimmed" ta="center" size="sm">
              {t('home.emptyBody')}
            </Text>
            <Button component={Link} to="/community" leftSection={<IconCompass size={16} aria-hidden />}>
              {t('home.emptyAction')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={subjects.isPlaceholderData}>
            {subjects.data.results.map((subject) => (
              <SubjectCard key={`${subject.kind}:${subject.uuid}`} subject={subject} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t('home.pages')}
              style={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
