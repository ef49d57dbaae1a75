/**
 * An image element once it has loaded (null before, or without a URL). Not CORS mode: the canvas
 * only shows these images, it never reads their pixels back (the server makes the files).
 */
import { useEffect, useState } from 'react';

export function useLoadedImage(url: string | null | undefined): {
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
    image.onload = () => live && setState({ url, image, failed: false });
    image.onerror = () => live && setState({ url, image: null, failed: true });
    image.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return state.url === url ? { image: state.image, failed: state.failed } : { image: null, failed: false };
}
