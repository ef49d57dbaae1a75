/**
 * The composer's canvas. What it shows is drawn by the export's own drawing function (so the file
 * is what the parent saw); react-konva adds the safe area and the gestures on top: drag, a corner
 * handle to scale and rotate (clamped to the composer's ranges), and two-finger pinch and twist.
 */
import type { Canvas2D } from '@shared/rules/canvas-2d';
import { drawComposition } from '@shared/rules/composer-drawing';
import { type ComposerTransform, clampComposerTransform, subjectBox } from '@shared/rules/composer-transform';
import type { TemplateView } from '@shared/schemas/moments';
import Konva from 'konva';
import { useEffect, useMemo, useRef } from 'react';
import { Image as KonvaImage, Layer, Rect, Stage, Transformer } from 'react-konva';
import { CORNER_HANDLES, centredNode } from '../../../components/keepsake/subject-handles';
import { type Drawn, makeCanvasLayer } from '../../../lib/canvas-layer';
import { useFrameWidth } from '../../../lib/use-frame-width';
import { useOnceAFrame } from '../../../lib/use-once-a-frame';
import { usePinch } from '../../../lib/use-pinch';

type Props = {
  template: TemplateView;
  background: HTMLImageElement | null;
  cutout: HTMLImageElement | null;
  transform: ComposerTransform;
  onChange(next: ComposerTransform): void;
};

/** The canvas is at most this wide, and at most this share of the screen's height (9:16 templates). */
const MAX_WIDTH_PX = 800;
const MAX_HEIGHT_SHARE = 0.7;

// Phones: one canvas pixel per CSS pixel keeps dragging smooth; the export is drawn at full size anyway.
if (typeof window !== 'undefined' && window.innerWidth < 768) Konva.pixelRatio = 1;

export function ComposerStage({ template, background, cutout, transform, onChange }: Props) {
  const [frame, available] = useFrameWidth();
  const handle = useRef<Konva.Rect>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const native = { width: template.nativeWidth, height: template.nativeHeight };
  const aspect = native.width / native.height;
  const width = Math.floor(
    Math.min(available, MAX_WIDTH_PX, (globalThis.innerHeight ?? 800) * MAX_HEIGHT_SHARE * aspect),
  );
  const view = { width, height: Math.round(width / aspect) };
  const toView = width / native.width;

  // The picture, redrawn whenever the transform changes, at the size it is shown.
  const picture = useMemo(() => {
    if (!background || !cutout || width === 0) return null;
    const shown = { width, height: Math.round(width / aspect) };
    const canvas = makeCanvasLayer(shown.width, shown.height) as HTMLCanvasElement;
    const ctx = canvas.getContext('2d') as unknown as Canvas2D<Drawn>;
    drawComposition(
      ctx,
      shown,
      { background, cutout, groundY: template.groundY },
      transform,
      template.safeArea,
      template.nativeWidth,
      makeCanvasLayer,
    );
    return canvas;
  }, [
    background,
    cutout,
    transform,
    template.safeArea,
    template.nativeWidth,
    template.groundY,
    width,
    aspect,
  ]);
  const backgroundOnly = !cutout && background;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handle appears once the cut-out has loaded
  useEffect(() => {
    transformer.current?.nodes(handle.current ? [handle.current] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [cutout, view.width]);

  // Gestures report at most once a frame; the last report is flushed when they end.
  const { schedule: previewSoon, flush } = useOnceAFrame(onChange);
  const pinch = usePinch(
    transform,
    (next) => {
      handle.current?.stopDrag();
      previewSoon(clampComposerTransform(next));
    },
    flush,
  );

  const box = cutout ? subjectBox(transform, cutout, template.safeArea, native) : null;
  const unitWidth = cutout
    ? subjectBox({ ...transform, scale: 1 }, cutout, template.safeArea, native).width
    : 1;
  const area = template.safeArea;

  return (
    <div ref={frame} className="w-full" style={{ touchAction: 'none' }}>
      <Stage
        width={view.width}
        height={view.height}
        scaleX={toView}
        scaleY={toView}
        className="mx-auto w-fit overflow-hidden rounded-2xl bg-slate-100"
        onTouchStart={(e) => e.evt.touches.length === 2 && pinch.start(e.evt)}
        onTouchMove={(e) => e.evt.touches.length === 2 && pinch.move(e.evt)}
        onTouchEnd={(e) => pinch.active() && pinch.end(e.evt)}
      >
        <Layer listening={false}>
          {picture ? (
            <KonvaImage
              image={picture}
              width={native.width}
              height={native.height}
              perfectDrawEnabled={false}
            />
          ) : backgroundOnly ? (
            <KonvaImage image={background} width={native.width} height={native.height} />
          ) : null}
          <Rect
            x={area.x * native.width}
            y={area.y * native.height}
            width={area.width * native.width}
            height={area.height * native.height}
            stroke="#16a34a"
            strokeWidth={3 / toView}
            dash={[12 / toView, 8 / toView]}
          />
        </Layer>
        <Layer>
          {box && (
            <Rect
              ref={handle}
              name="subject"
              {...centredNode(box, transform.rotation)}
              fill="#000"
              opacity={0}
              draggable
              onDragMove={(e) =>
                previewSoon(
                  clampComposerTransform({
                    ...transform,
                    x: e.target.x() / native.width,
                    y: e.target.y() / native.height,
                  }),
                )
              }
              onDragEnd={flush}
              onTransform={(e) => {
                const node = e.target;
                const scale = (node.width() * Math.abs(node.scaleX())) / unitWidth;
                node.scale({ x: 1, y: 1 });
                previewSoon(clampComposerTransform({ ...transform, scale, rotation: node.rotation() }));
              }}
              onTransformEnd={flush}
            />
          )}
          {box && <Transformer ref={transformer} {...CORNER_HANDLES} anchorSize={22} flipEnabled={false} />}
        </Layer>
      </Stage>
    </div>
  );
}
