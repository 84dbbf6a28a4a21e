import { Button, FileButton, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUploadCardImage } from '../../../api/useCards.ts';

/**
 * Stores a picked image as a private card image and hands back its Markdown (`![](url)`): the URL is
 * the image's capability URL, so the <img> Markdown renders loads it without a token.
 */
export function InsertImageButton({ onInsert }: { onInsert: (markdown: string) => void }) {
  const { t } = useTranslation('recall');
  const upload = useUploadCardImage();
  return (
    <>
      <FileButton
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={(file) => file && upload.mutate(file, { onSuccess: (image) => onInsert(`![](${image.url})`) })}
      >
        {(props) => (
          <Button
            {...props}
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPhotoPlus size={14} aria-hidden />}
            loading={upload.isPending}
            data-testid="card-insert-image"
          >
            {t('kinds.insertImage')}
          </Button>
        )}
      </FileButton>
      {upload.isError ? (
        <Text size="xs" c="red" role="alert">
          {t('kinds.uploadFailed', { reason: upload.error.message })}
        </Text>
      ) : null}
    </>
  );
}
