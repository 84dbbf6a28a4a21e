import { Button, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadNodeImage } from '../api/useNodeImages.ts';
import { ImageDropZone } from './ImageDropZone.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

interface NodeImageFieldProps {
  treeId: number;
  nodeId: string;
  imageId: number | null;
  imageUrl: string | undefined;
  readOnly: boolean;
  onChange: (imageId: number | null) => void;
}

/** A node's picture: drop, pick or paste an image; it is uploaded, then referenced by id in the document. */
export function NodeImageField({ treeId, nodeId, imageId, imageUrl, readOnly, onChange }: NodeImageFieldProps) {
  const { t } = useTranslation('trees');
  const upload = useUploadNodeImage(treeId);

  const send = (file: Blob) => {
    if (file.size > MAX_BYTES) {
      notifications.show({ color: 'red', message: t('panel.imageTooLarge') });
      return;
    }
    upload.mutate(
      { nodeId, file },
      {
        onSuccess: (image) => {
          onChange(image.id);
          notifications.show({ color: 'teal', message: t('panel.imageUploaded') });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: error instanceof ApiError ? error.message : t('panel.imageFailed'),
          }),
      },
    );
  };

  // A pasted image (screenshot, copied picture) goes to the selected node unless a text field has focus.
  useEffect(() => {
    if (readOnly) return;
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const file = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (file) {
        event.preventDefault();
        send(file);
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
    // send is recreated each render; the listener only needs the current node
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodeId, readOnly]);

  return (
    <Stack gap="xs">
      {imageId && imageUrl ? (
        <Image src={imageUrl} alt="" radius="md" mah={180} fit="contain" bg="var(--mantine-color-default-hover)" />
      ) : null}
      {readOnly ? (
        imageId ? null : (
          <Text size="sm" c="dimmed">
            {t('panel.noImage')}
          </Text>
        )
      ) : (
        <>
          <ImageDropZone
            label={t('panel.imageDrop')}
            maxBytes={MAX_BYTES}
            loading={upload.isPending}
            onFile={send}
            onReject={() => notifications.show({ color: 'red', message: t('panel.imageRejected') })}
          />
          {imageId ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('panel.removeImage')}
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}
