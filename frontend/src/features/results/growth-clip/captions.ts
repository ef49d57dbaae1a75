/**
 * The clip's captions, drawn once: each age's "Age N" and the offline simulation's notice as small
 * transparent canvases, which every frame then only composites (WebGL textures, or drawImage on
 * the 2-D path) instead of laying out and stroking text again.
 */
import { CLIP_SIZE_PX } from '@shared/rules/growth-clip';
import type { ClipScene } from './clip-scene';

const FONT = 'ui-rounded, "SF Pro Rounded", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** The caption band at the top of the frame: 56 px text at y 28, with its 10 px stroke. */
const CAPTION_HEIGHT_PX = 104;

/** A caption: its canvas, cut to what it shows, and where its top left corner sits in the frame. */
export type Overlay = { canvas: HTMLCanvasElement; left: number; top: number };
export type ClipOverlays = { captions: Overlay[]; notice: Overlay | null };

function band(height: number, width = CLIP_SIZE_PX): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2-D canvas');
  return [canvas, ctx];
}

const CAPTION_FONT = `800 56px ${FONT}`;

/** "Age N", centred at the top; its canvas only as wide as the text and its stroke, so fading it is cheap. */
function caption(text: string): Overlay {
  const [probe, probeCtx] = band(1, 1);
  probeCtx.font = CAPTION_FONT;
  const width = Math.min(CLIP_SIZE_PX, Math.ceil(probeCtx.measureText(text).width) + 24);
  probe.width = 0;
  const [canvas, ctx] = band(CAPTION_HEIGHT_PX, width);
  ctx.font = CAPTION_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 10;
  ctx.strokeStyle = 'rgba(76, 29, 149, 0.85)';
  ctx.strokeText(text, width / 2, 28);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, width / 2, 28);
  return { canvas, left: Math.round((CLIP_SIZE_PX - width) / 2), top: 0 };
}

/** The notice in two or three short lines on a dark band at the bottom. */
function notice(text: string): Overlay {
  const [probe, probeCtx] = band(1, 1);
  probeCtx.font = `600 20px ${FONT}`;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (probeCtx.measureText(next).width > CLIP_SIZE_PX - 48 && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  probe.width = 0;
  const height = 16 + lines.length * 26;
  const [canvas, ctx] = band(height);
  ctx.fillStyle = 'rgba(15, 23, 42, 0.6)';
  ctx.fillRect(0, 0, CLIP_SIZE_PX, height);
  ctx.font = `600 20px ${FONT}`;
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  lines.forEach((text, i) => {
    ctx.fillText(text, CLIP_SIZE_PX / 2, 8 + i * 26);
  });
  return { canvas, left: 0, top: CLIP_SIZE_PX - height };
}

export function clipOverlays(scene: ClipScene): ClipOverlays {
  return {
    captions: scene.images.map(({ age }) => caption(`Age ${age}`)),
    notice: scene.notice ? notice(scene.notice) : null,
  };
}
