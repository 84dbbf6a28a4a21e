import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageDropZone } from './ImageDropZone.tsx';

afterEach(cleanup);

// jsdom has no matchMedia, which MantineProvider asks for the colour scheme.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

function setup() {
  const onFile = vi.fn();
  const onReject = vi.fn();
  render(
    <MantineProvider>
      <ImageDropZone label="Drop an image" maxBytes={10} loading={false} onFile={onFile} onReject={onReject} />
    </MantineProvider>,
  );
  const zone = screen.getByRole('button', { name: 'Drop an image' });
  const input = zone.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
  return { zone, input, onFile, onReject };
}

const drop = (zone: HTMLElement, files: File[]) => fireEvent.drop(zone, { dataTransfer: { files, items: [] } });

describe('the image drop zone', () => {
  it('hands over one dropped image within the size limit', () => {
    const { zone, onFile, onReject } = setup();
    const image = new File(['12345'], 'a.png', { type: 'image/png' });
    drop(zone, [image]);
    expect(onFile).toHaveBeenCalledWith(image);
    expect(onReject).not.toHaveBeenCalled();
  });

  it('refuses another type, a file over the limit and several files at once', () => {
    const { zone, onFile, onReject } = setup();
    drop(zone, [new File(['x'], 'a.txt', { type: 'text/plain' })]);
    drop(zone, [new File(['12345678901'], 'big.png', { type: 'image/png' })]);
    drop(zone, [new File(['1'], 'a.png', { type: 'image/png' }), new File(['2'], 'b.png', { type: 'image/png' })]);
    expect(onReject).toHaveBeenCalledTimes(3);
    expect(onFile).not.toHaveBeenCalled();
  });

  it('opens the file picker when pressed, and takes the picked image', () => {
    const { zone, input, onFile } = setup();
    const click = vi.spyOn(input, 'click');
    fireEvent.click(zone);
    expect(click).toHaveBeenCalled();
    const image = new File(['1'], 'a.webp', { type: 'image/webp' });
    fireEvent.change(input, { target: { files: [image] } });
    expect(onFile).toHaveBeenCalledWith(image);
  });
});
