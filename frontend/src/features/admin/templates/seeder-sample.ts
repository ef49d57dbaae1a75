/**
 * The seeder's "Load Sample": three templates whose images are PNG data URLs drawn here in the
 * browser, so the sample imports offline (no image host to reach).
 */
import type { TemplateImportItem } from '@shared/schemas/admin-templates';

type Scene = { colours: [string, string]; width: number; height: number };

/** A small illustrated scene: a sky gradient, a sun and rolling hills. */
function scenePng({ colours, width, height }: Scene): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, colours[0]);
  sky.addColorStop(1, colours[1]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fde68a';
  ctx.beginPath();
  ctx.arc(width * 0.78, height * 0.2, Math.min(width, height) * 0.1, 0, Math.PI * 2);
  ctx.fill();
  for (const [shade, top] of [
    ['#86efac', 0.68],
    ['#4ade80', 0.78],
  ] as const) {
    ctx.fillStyle = shade;
    ctx.beginPath();
    ctx.moveTo(0, height);
    ctx.quadraticCurveTo(width * 0.3, height * (top - 0.12), width * 0.6, height * top);
    ctx.quadraticCurveTo(width * 0.85, height * (top + 0.06), width, height * (top - 0.04));
    ctx.lineTo(width, height);
    ctx.fill();
  }
  return canvas.toDataURL('image/png');
}

export function sampleTemplates(): TemplateImportItem[] {
  const stamp = Date.now().toString(36);
  return [
    {
      templateId: `sample-meadow-${stamp}`,
      name: 'Sunny Meadow',
      category: 'Family',
      orientation: '1:1',
      nativeSize: { width: 2048, height: 2048 },
      imageUrl: scenePng({ colours: ['#7dd3fc', '#e0f2fe'], width: 480, height: 480 }),
      safeArea: { xPct: 0.25, yPct: 0.3, wPct: 0.5, hPct: 0.6, anchor: 'bottom' },
    },
    {
      templateId: `sample-sunset-${stamp}`,
      name: 'Birthday Sunset',
      category: 'Birthdays',
      orientation: '4:5',
      nativeSize: { width: 1638, height: 2048 },
      imageUrl: scenePng({ colours: ['#f9a8d4', '#fed7aa'], width: 400, height: 500 }),
      safeArea: { xPct: 0.2, yPct: 0.35, wPct: 0.6, hPct: 0.55, anchor: 'center' },
    },
    {
      templateId: `sample-night-${stamp}`,
      name: 'Starry Adventure',
      category: 'Adventure',
      orientation: '9:16',
      nativeSize: { width: 1152, height: 2048 },
      imageUrl: scenePng({ colours: ['#312e81', '#7c3aed'], width: 360, height: 640 }),
      safeArea: { xPct: 0.15, yPct: 0.4, wPct: 0.7, hPct: 0.5, anchor: 'bottom' },
    },
  ];
}
