/** An image ready to draw on a canvas that is read back (exported, encoded): loaded in CORS mode. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Previews may come from a CDN origin; without CORS the canvas could not be read back.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}
