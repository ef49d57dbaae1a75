/**
 * An image element once it has loaded (null before, or without a URL). CORS mode only when the
 * page reads the pixels back (the keepsake drawings do; the safe-area editor only shows them).
 */
import { useEffect, useState } from 'react';

export function useLoadedImage(
  url: string | null | undefined,
  { readPixels = false }: { readPixels?: boolean } = {},
): {
  image: HTMLImageElement | null;
  failed: boolean;
} {
  const [state, setState] = useState<{ url: string | null; image: HTMLImageElement | null; failed: boolean }>(
    {
      url: null,
      image: null,
      failed: false,
    },
  );
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new window.Image();
    image.decoding = 'async';
    if (readPixels) image.crossOrigin = 'anonymous';
    image.onload = () => live && setState({ url, image, failed: false });
    image.onerror = () => live && setState({ url, image: null, failed: true });
    image.src = url;
    return () => {
      live = false;
    };
  }, [url, readPixels]);
  return state.url === url ? { image: state.image, failed: state.failed } : { image: null, failed: false };
}
