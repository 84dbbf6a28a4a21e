import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A QR code of `value` as an SVG image. The encoder (uqr) is loaded only when a QR code is shown, so
 * it never weighs on other pages.
 */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      // Dark on white in both themes: scanners expect it, and the white border is the quiet zone.
      if (live) setSvg(renderSVG(value, { border: 2, ecc: 'M' }));
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <Skeleton w={size} h={size} />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      data-testid="join-qr"
    />
  );
}
