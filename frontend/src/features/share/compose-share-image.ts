/** Draws the share composite (docs/product.md#share-dialog) on a canvas: title band, three rounded tiles, "Age {n}" labels, credit. */
import {
  SHARE_CREDIT,
  SHARE_FILE_NAME,
  SHARE_JPEG_QUALITY,
  SHARE_RADIUS_PX,
  SHARE_TITLE,
  type ShareLayout,
  shareLayout,
} from '@shared/rules/share-layout';
import { loadImage } from '../../lib/load-image';

const FONT = 'ui-rounded, "SF Pro Rounded", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

type Tile = { age: number; previewUrl: string };

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Draws the image to cover the rectangle (centre crop), like CSS object-fit: cover. */
function drawCover(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  rect: ShareLayout['tiles'][number],
) {
  const scale = Math.max(rect.width / image.naturalWidth, rect.height / image.naturalHeight);
  const sw = rect.width / scale;
  const sh = rect.height / scale;
  const sx = (image.naturalWidth - sw) / 2;
  const sy = (image.naturalHeight - sh) / 2;
  ctx.drawImage(image, sx, sy, sw, sh, rect.x, rect.y, rect.width, rect.height);
}

function draw(ctx: CanvasRenderingContext2D, layout: ShareLayout, images: HTMLImageElement[]) {
  const background = ctx.createLinearGradient(0, 0, layout.width, layout.height);
  background.addColorStop(0, '#f5f3ff');
  background.addColorStop(1, '#fff1f2');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, layout.width, layout.height);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#4c1d95';
  ctx.font = `800 48px ${FONT}`;
  ctx.fillText(SHARE_TITLE, layout.width / 2, layout.titleY);

  layout.tiles.forEach((tile, i) => {
    ctx.save();
    roundedRect(ctx, tile.x, tile.y, tile.width, tile.height, SHARE_RADIUS_PX);
    ctx.clip();
    drawCover(ctx, images[i], tile);
    ctx.restore();

    ctx.fillStyle = '#1e1b4b';
    ctx.font = `700 34px ${FONT}`;
    ctx.fillText(tile.label, tile.x + tile.width / 2, layout.labelY);
  });

  ctx.fillStyle = '#6b21a8';
  ctx.font = `500 22px ${FONT}`;
  ctx.fillText(SHARE_CREDIT, layout.width / 2, layout.creditY);
}

export async function composeShareImage(tiles: readonly Tile[]): Promise<File> {
  const layout = shareLayout(tiles.map((t) => t.age));
  const images = await Promise.all(tiles.map((t) => loadImage(t.previewUrl)));
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  draw(ctx, layout, images);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', SHARE_JPEG_QUALITY),
  );
  if (!blob) throw new Error('Could not encode the share image');
  return new File([blob], SHARE_FILE_NAME, { type: 'image/jpeg' });
}
