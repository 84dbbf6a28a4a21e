import { Button, Center, Group, Loader, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  centredCrop,
  panBy,
  renderCrop,
  scaleAt,
  sourceSquare,
  zoomTo,
  type CropState,
  type ImageSize,
} from '../lib/crop.ts';
import classes from './AvatarCropModal.module.css';

/** Viewport edge in CSS pixels; fits a 360 px phone with the modal's padding. */
const VIEW = 256;
const KEY_STEP = 8;
const PREVIEW_SIZE = 96;

interface AvatarCropModalProps {
  file: File | null;
  onClose: () => void;
  /** receives the cropped square; the modal stays open (busy) until it settles */
  onConfirm: (image: Blob) => Promise<unknown>;
  busy: boolean;
}

interface Loaded {
  url: string;
  element: HTMLImageElement;
  size: ImageSize;
}

/**
 * Square crop before upload: drag (or arrow keys) to move, slider, wheel or +/- to zoom, with a round
 * live preview of what the avatar will look like. The server crops again to 256×256, so what is
 * uploaded is exactly the square seen here.
 */
export function AvatarCropModal({ file, onClose, onConfirm, busy }: AvatarCropModalProps) {
  const { t } = useTranslation('profile');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);

  // Decode the picked file; the object URL is released when the file changes or the modal closes.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.src = url;
    let cancelled = false;
    setFailed(false);
    element
      .decode()
      .then(() => {
        if (cancelled) return;
        const size = { width: element.naturalWidth, height: element.naturalHeight };
        setLoaded({ url, element, size });
        setCrop(centredCrop(size, VIEW));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      setLoaded(null);
      URL.revokeObjectURL(url);
    };
  }, [file]);

  // The image decodes after the modal has placed focus, so move it to the crop area once it exists:
  // arrow keys and +/- then work at once.
  useEffect(() => {
    if (loaded) viewportRef.current?.focus();
  }, [loaded]);

  // The round preview is drawn from the same geometry as the upload, so it cannot disagree with it.
  useEffect(() => {
    const canvas = previewRef.current;
    if (!canvas || !loaded) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const { sx, sy, size } = sourceSquare(crop, loaded.size, VIEW);
    context.clearRect(0, 0, PREVIEW_SIZE, PREVIEW_SIZE);
    context.drawImage(loaded.element, sx, sy, size, size, 0, 0, PREVIEW_SIZE, PREVIEW_SIZE);
  }, [crop, loaded]);

  // Functional updates: pointer moves can arrive faster than renders, and each builds on the last.
  const update = (next: (current: CropState, size: ImageSize) => CropState) => {
    if (loaded) setCrop((current) => next(current, loaded.size));
  };

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    update((current, size) => panBy(current, event.clientX - start.x, event.clientY - start.y, size, VIEW));
  }
  function onWheel(event: WheelEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const factor = event.deltaY < 0 ? 1.1 : 1 / 1.1;
    update((current, size) =>
      zoomTo(current, current.zoom * factor, size, VIEW, event.clientX - rect.left, event.clientY - rect.top),
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (move) update((current, size) => panBy(current, move[0], move[1], size, VIEW));
    else if (event.key === '+' || event.key === '=')
      update((current, size) => zoomTo(current, current.zoom + 0.1, size, VIEW));
    else if (event.key === '-') update((current, size) => zoomTo(current, current.zoom - 0.1, size, VIEW));
    else return;
    event.preventDefault();
  }

  async function confirm() {
    if (!loaded) return;
    await onConfirm(await renderCrop(loaded.element, crop, loaded.size, VIEW));
  }

  const scale = loaded ? scaleAt(loaded.size, VIEW, crop.zoom) : 1;
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('avatar.cropTitle')} centered size="auto">
      <Stack gap="md" align="center" miw={{ base: 'auto', xs: 420 }}>
        {failed ? (
          <Text c="red" role="alert">
            {t('avatar.unreadable')}
          </Text>
        ) : !loaded ? (
          <Center h={VIEW}>
            <Loader />
          </Center>
        ) : (
          <Group gap="lg" justify="center" align="center">
            <div
              className={classes.viewport}
              style={{ width: VIEW, height: VIEW }}
              role="application"
              tabIndex={0}
              ref={viewportRef}
              aria-label={t('avatar.cropArea')}
              aria-describedby="avatar-crop-help"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
              onWheel={onWheel}
              onKeyDown={onKeyDown}
            >
              <img
                src={loaded.url}
                alt=""
                draggable={false}
                className={classes.image}
                style={{
                  width: loaded.size.width * scale,
                  height: loaded.size.height * scale,
                  transform: `translate(${crop.x}px, ${crop.y}px)`,
                }}
              />
              <div className={classes.mask} aria-hidden />
            </div>
            <Stack gap={6} align="center">
              <canvas
                ref={previewRef}
                width={PREVIEW_SIZE}
                height={PREVIEW_SIZE}
                className={classes.preview}
                role="img"
                aria-label={t('avatar.preview')}
              />
              <Text size="xs" c="dimmed">
                {t('avatar.preview')}
              </Text>
            </Stack>
          </Group>
        )}
        <Text id="avatar-crop-help" size="xs" c="dimmed" ta="center" maw={VIEW + 140}>
          {t('avatar.cropHelp')}
        </Text>
        <Group gap="xs" w="100%" maw={VIEW + 40} wrap="nowrap">
          <IconZoomOut size={18} aria-hidden />
          <Slider
            style={{ flex: 1 }}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            onChange={(zoom) => update((current, size) => zoomTo(current, zoom, size, VIEW))}
            label={null}
            disabled={!loaded}
            thumbProps={{ 'aria-label': t('avatar.zoom') }}
          />
          <IconZoomIn size={18} aria-hidden />
        </Group>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={!loaded}>
            {t('avatar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
