import { Avatar, FileButton, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../auth/index.ts';
import { useUploadAvatar } from '../api/useUploadAvatar.ts';
import { AvatarCropModal } from './AvatarCropModal.tsx';

/** Formats the browser can decode and the server accepts (it re-sniffs the content anyway). */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The current avatar with "Change avatar": pick a file, crop it square, upload. */
export function AvatarEditor({ url, name }: { url: string; name: string }) {
  const { t, i18n } = useTranslation('profile');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadAvatar();
  // Cleared after each pick so choosing the same file again still opens the cropper.
  const resetRef = useRef<() => void>(null);

  function close() {
    setFile(null);
    resetRef.current?.();
  }

  async function save(image: Blob) {
    try {
      await upload.mutateAsync(image);
      notifications.show({ color: 'teal', message: t('avatar.saved') });
      close();
    } catch (error) {
      const { message, fields } = describeError(error, t, i18n.language);
      notifications.show({ color: 'red', title: t('avatar.failed'), message: fields.avatar ?? message });
    }
  }

  return (
    <Stack align="center" gap="xs">
      <Avatar src={url} alt={t('avatar.alt', { name })} size={112} radius={999} />
      <FileButton onChange={setFile} accept={ACCEPT} resetRef={resetRef}>
        {(props) => (
          <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={14} />}>
            {t('avatar.change')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" ta="center" maw={200}>
        {t('avatar.hint')}
      </Text>
      <AvatarCropModal file={file} onClose={close} onConfirm={save} busy={upload.isPending} />
    </Stack>
  );
}
