import { Button, Group, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Username } from '@arbor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../lib/session.ts';
import { useServerErrors } from '../../auth/index.ts';
import { ReportingForm, UsernameInput } from '../../auth/index.ts';
import { useUpdateProfile } from '../api/useUpdateProfile.ts';
import { useUpdateUsername } from '../api/useUpdateUsername.ts';

const NICKNAME_MAX = 50;
const BIO_MAX = 500;

/** Username, nickname and bio; only what changed is sent, so an untouched username is never re-checked. */
export function ProfileDetailsForm({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const errors = useServerErrors();
  const updateProfile = useUpdateProfile();
  const updateUsername = useUpdateUsername();
  const [username, setUsername] = useState(me.username);
  const [nickname, setNickname] = useState(me.profile.nickname);
  const [bio, setBio] = useState(me.profile.bio);

  const usernameChanged = username.trim() !== me.username;
  const profileChanged = nickname !== me.profile.nickname || bio !== me.profile.bio;

  async function submit() {
    if (usernameChanged && !Username.safeParse(username).success)
      return errors.setField('username', t('details.usernameRule'));
    if (usernameChanged) await updateUsername.mutateAsync({ id: me.id, username: username.trim() });
    if (profileChanged) await updateProfile.mutateAsync({ id: me.profile.id, nickname: nickname.trim(), bio });
    notifications.show({ color: 'teal', message: t('details.saved') });
  }

  const edit = (name: string, set: (value: string) => void) => (value: string) => {
    set(value);
    errors.clearField(name);
  };

  return (
    <ReportingForm errors={errors} onSubmit={submit}>
      <UsernameInput
        label={t('details.username')}
        description={t('details.usernameRule')}
        value={username}
        onChange={setUsername}
        errors={errors}
      />
      <TextInput
        label={t('details.nickname')}
        name="nickname"
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        placeholder={t('details.nicknamePlaceholder')}
        value={nickname}
        onChange={(event) => edit('nickname', setNickname)(event.currentTarget.value)}
        error={errors.field('nickname')}
      />
      <Textarea
        label={t('details.bio')}
        name="bio"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={BIO_MAX}
        placeholder={t('details.bioPlaceholder')}
        description={t('details.bioCount', { count: bio.length, max: BIO_MAX })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={bio}
        onChange={(event) => edit('bio', setBio)(event.currentTarget.value)}
        error={errors.field('bio')}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={updateProfile.isPending || updateUsername.isPending}
          disabled={!usernameChanged && !profileChanged}
        >
          {t('actions.save')}
        </Button>
      </Group>
    </ReportingForm>
  );
}
