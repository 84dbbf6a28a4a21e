import type { CardImage, OcclusionMask } from '@arbor/contract';
import { Alert, Button, FileButton, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadCardImage } from '../../../api/useCards.ts';
import { isDrawn, maskBetween, maskStyle, moveMask } from './mask-geometry.ts';
import classes from './kinds.module.css';

interface OcclusionEditorProps {
  image: CardImage | null;
  onImage: (image: CardImage | null) => void;
  masks: OcclusionMask[];
  onMasks: (masks: OcclusionMask[]) => void;
}

type Gesture =
  | { kind: 'draw'; from: { x: number; y: number }; to: { x: number; y: number } }
  | { kind: 'move'; index: number; from: { x: number; y: number }; start: OcclusionMask };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The first image of a paste or a drop. */
const imageOf = (files: FileList | null | undefined) =>
  Array.from(files ?? []).find((file) => file.type.startsWith('image/')) ?? null;

/**
 * The image-occlusion drawer: paste or pick an image (stored as a private card image), then draw
 * rectangles on it by dragging (mouse, pen or finger: pointer events), move them by dragging or with
 * the arrow keys, and delete the selected one with Delete or the button. Masks are fractions of the
 * image, so they fit it at any width.
 */
export function OcclusionEditor({ image, onImage, masks, onMasks }: OcclusionEditorProps) {
  const { t } = useTranslation('recall');
  const upload = useUploadCardImage();
  const stage = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const take = (file: Blob | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (stored) => {
        onImage(stored);
        onMasks([]);
        setSelected(null);
      },
    });
  };

  const pointAt = (e: ReactPointerEvent) => {
    const box = stage.current!.getBoundingClientRect();
    return { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
  };
  const startDraw = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.target !== e.currentTarget) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const at = pointAt(e);
    setSelected(null);
    setGesture({ kind: 'draw', from: at, to: at });
  };
  const startMove = (e: ReactPointerEvent<HTMLButtonElement>, index: number) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    stage.current!.setPointerCapture(e.pointerId);
    setSelected(index);
    setGesture({ kind: 'move', index, from: pointAt(e), start: masks[index]! });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!gesture) return;
    const at = pointAt(e);
    if (gesture.kind === 'draw') setGesture({ ...gesture, to: at });
    else
      onMasks(
        masks.map((mask, i) =>
          i === gesture.index ? moveMask(gesture.start, at.x - gesture.from.x, at.y - gesture.from.y) : mask,
        ),
      );
  };
  const onPointerUp = () => {
    if (gesture?.kind === 'draw') {
      const drawn = maskBetween(gesture.from, gesture.to);
      if (isDrawn(drawn)) {
        onMasks([...masks, drawn]);
        setSelected(masks.length);
      }
    }
    setGesture(null);
  };

  const remove = (index: number) => {
    onMasks(masks.filter((_, i) => i !== index));
    setSelected(null);
  };
  const onMaskKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(index);
      stage.current?.focus();
      return;
    }
    const arrow = ARROWS[e.key];
    if (!arrow) return;
    e.preventDefault();
    const step = e.shiftKey ? 0.05 : 0.01;
    onMasks(masks.map((mask, i) => (i === index ? moveMask(mask, arrow[0] * step, arrow[1] * step) : mask)));
  };
  const addCentred = () => {
    onMasks([...masks, { x: 0.4, y: 0.4, w: 0.2, h: 0.2 }]);
    setSelected(masks.length);
  };

  if (!image)
    return (
      <Stack gap="xs">
        <div
          className={classes.pasteZone}
          tabIndex={0}
          role="group"
          aria-label={t('kinds.pasteZone')}
          onPaste={(e) => {
            const file = imageOf(e.clipboardData?.files);
            if (file) {
              // Not also the selected node's image (the editor takes images pasted anywhere else).
              e.preventDefault();
              e.stopPropagation();
              take(file);
            }
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            e.stopPropagation();
            take(imageOf(e.dataTransfer?.files));
          }}
          data-testid="occlusion-paste"
        >
          <Stack gap="xs" align="center">
            <IconPhoto size={28} aria-hidden />
            <Text size="sm">{t('kinds.pasteHint')}</Text>
            <FileButton onChange={take} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={upload.isPending} data-testid="occlusion-pick">
                  {t('kinds.pickImage')}
                </Button>
              )}
            </FileButton>
            {upload.isPending ? <Loader size="xs" aria-label={t('kinds.uploading')} /> : null}
          </Stack>
        </div>
        {upload.isError ? (
          <Alert color="red" p="xs" role="alert">
            {t('kinds.uploadFailed', { reason: upload.error.message })}
          </Alert>
        ) : null}
      </Stack>
    );

  const draft = gesture?.kind === 'draw' ? maskBetween(gesture.from, gesture.to) : null;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" id="occlusion-help">
        {t('kinds.drawHint')}
      </Text>
      <div
        ref={stage}
        className={`${classes.stage} ${classes.drawing}`}
        onPointerDown={startDraw}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setGesture(null)}
        tabIndex={-1}
        data-testid="occlusion-stage"
      >
        <img src={image.url} width={image.width} height={image.height} alt={t('kinds.imageAlt')} />
        {masks.map((mask, index) => (
          <UnstyledButton
            key={index}
            className={classes.editMask}
            style={maskStyle(mask)}
            data-selected={selected === index}
            aria-label={t('kinds.maskLabel', { n: index + 1 })}
            aria-describedby="occlusion-help"
            aria-keyshortcuts="Delete ArrowLeft ArrowRight ArrowUp ArrowDown"
            onPointerDown={(e) => startMove(e, index)}
            onFocus={() => setSelected(index)}
            onKeyDown={(e) => onMaskKey(e, index)}
            data-testid="occlusion-edit-mask"
          >
            <span className={classes.maskNumber} aria-hidden>
              {index + 1}
            </span>
          </UnstyledButton>
        ))}
        {draft ? <span className={classes.editMask} style={maskStyle(draft)} aria-hidden /> : null}
      </div>
      <Group gap="xs">
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={addCentred}>
          {t('kinds.addMask')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          disabled={selected === null}
          onClick={() => selected !== null && remove(selected)}
          data-testid="occlusion-delete-mask"
        >
          {t('kinds.deleteMask')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onImage(null)}>
          {t('kinds.otherImage')}
        </Button>
        <Text size="xs" c="dimmed" role="status" data-testid="occlusion-count">
          {t('kinds.maskCount', { count: masks.length })}
        </Text>
      </Group>
    </Stack>
  );
}
