import { Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import classes from './ImageDropZone.module.css';

/** The picture types a node may carry (the server sniffs and re-encodes whatever arrives). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];

type DragState = 'idle' | 'accept' | 'reject';

interface ImageDropZoneProps {
  label: string;
  maxBytes: number;
  loading: boolean;
  onFile: (file: File) => void;
  onReject: () => void;
}

const isImageType = (type: string) => IMAGE_TYPES.includes(type);

/**
 * A region to drop an image on, or to click (or press Enter/Space) to pick one: a button over a
 * hidden file input, so it works by mouse, touch and keyboard alike.
 */
export function ImageDropZone({ label, maxBytes, loading, onFile, onReject }: ImageDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [drag, setDrag] = useState<DragState>('idle');

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type) || file.size > maxBytes) onReject();
    else onFile(file);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    // While dragging, only the types are readable, not the files.
    const items = [...event.dataTransfer.items].filter((item) => item.kind === 'file');
    setDrag(items.length === 1 && isImageType(items[0]!.type) ? 'accept' : 'reject');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDrag('idle');
    const files = [...event.dataTransfer.files];
    if (files.length !== 1) onReject();
    else take(files[0]);
  };

  const Icon = drag === 'accept' ? IconUpload : IconPhoto;
  return (
    <>
      <UnstyledButton
        className={classes.zone}
        data-drag={drag}
        disabled={loading}
        aria-busy={loading}
        onClick={() => input.current?.click()}
        onDragOver={onDragOver}
        onDragLeave={() => setDrag('idle')}
        onDrop={onDrop}
        data-testid="image-drop-zone"
      >
        <Group justify="center" gap="xs" mih={56} wrap="nowrap">
          {loading ? <Loader size="sm" /> : <Icon size={22} aria-hidden className={classes.icon} />}
          <Text size="xs" c="dimmed" maw={220}>
            {label}
          </Text>
        </Group>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          take(event.currentTarget.files?.[0]);
          // the same file again must fire a change next time
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}
