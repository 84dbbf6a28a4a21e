import { Box, Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ContactMethods,
  DeleteAccountSection,
  LanguageSelect,
  MySharesSection,
  PasswordSection,
  ProfileDetailsForm,
  ProfileSection,
  ProfileSummary,
} from '../features/profile/index.ts';
import { PageLoader } from '../features/shell/index.ts';
import { MyCollections } from '../features/social/index.ts';
import { useSession } from '../lib/session.ts';

/** `/profile`: the signed-in user's own account. The route guard guarantees a session. */
export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'social']);
  const { user: me } = useSession();
  if (!me) return <PageLoader />;
  return (
    <Box maw={1080} mx="auto" w="100%">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileSummary me={me} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileSection id="details" title={t('details.title')} description={t('details.description')}>
              {/* Keyed by user so the form's fields restart if another account signs in. */}
              <ProfileDetailsForm key={me.id} me={me} />
            </ProfileSection>
            <ProfileSection id="language" title={t('language.title')}>
              <LanguageSelect me={me} />
            </ProfileSection>
            <ProfileSection id="contact" title={t('contact.title')} description={t('contact.description')}>
              <ContactMethods me={me} />
            </ProfileSection>
            <ProfileSection id="password" title={t('password.title')}>
              <PasswordSection me={me} />
            </ProfileSection>
            <ProfileSection id="my-shares" title={t('shares.title')} description={t('shares.description')}>
              <MySharesSection />
            </ProfileSection>
            <ProfileSection
              id="collections"
              title={t('social:collections.mine')}
              description={t('social:collections.mineDescription')}
            >
              <MyCollections />
            </ProfileSection>
            <ProfileSection id="danger" title={t('delete.section')} danger>
              <DeleteAccountSection me={me} />
            </ProfileSection>
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
