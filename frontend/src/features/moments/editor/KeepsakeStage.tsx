/**
 * The 800×800 editor canvas. What it shows is drawn by the keepsake's own drawing function
 * (shared/rules/keepsake-drawing.ts, as the server draws the file: placement, brush strokes and
 * blend); react-konva adds the gestures on top. Drag, the corner handle (scale and rotate),
 * two-finger pinch and rotate, and the erase/restore brush all report through `onPreview` while
 * they run and `onCommit` when they end (one undo step).
 */
import type { Canvas2D } from '@shared/rules/canvas-2d';
import { type BrushStroke, drawKeepsake, editedCutout } from '@shared/rules/keepsake-drawing';
import {
  clampMomentsPlacement,
  coverCrop,
  groundOnCanvas,
  type MomentsBlend,
  normaliseDegrees,
  type Placement,
  placedBox,
  MOMENTS_CANVAS_PX as SIZE,
  snapToCentre,
} from '@shared/rules/placement';
import Konva from 'konva';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Line, Rect, Stage, Transformer } from 'react-konva';
import { CORNER_HANDLES, centredNode } from '../../../components/keepsake/subject-handles';
import { type Drawn, makeCanvasLayer } from '../../../lib/canvas-layer';
import { useFrameWidth } from '../../../lib/use-frame-width';
import { useOnceAFrame } from '../../../lib/use-once-a-frame';
import { usePinch } from '../../../lib/use-pinch';
import { brushPointOnCutout, canStartStroke, extendLastStroke } from './brush-rules';

export type EditorState = { placement: Placement; strokes: BrushStroke[]; blend: MomentsBlend };
export type Tool = 'move' | 'erase' | 'restore';

type Props = {
  background: HTMLImageElement | null;
  cutout: HTMLImageElement | null;
  source: HTMLImageElement | null;
  /** The template's ground line (a fraction of its height), if its scene reported one. */
  groundY?: number;
  state: EditorState;
  tool: Tool;
  /** Brush radius in canvas pixels (of the 800 px canvas). */
  brushPx: number;
  onPreview(next: EditorState): void;
  onCommit(): void;
};

// Phones: one canvas pixel per CSS pixel keeps dragging smooth; the file the
// parent gets is drawn by the server at full size anyway.
if (typeof window !== 'undefined' && window.innerWidth < 768) Konva.pixelRatio = 1;

export function KeepsakeStage({
  background,
  cutout,
  source,
  groundY,
  state,
  tool,
  brushPx,
  onPreview,
  onCommit,
}: Props) {
  // Measured from the frame (phones get a smaller canvas); 0 until then, so it never forces a width.
  const [frame, measured] = useFrameWidth();
  const width = Math.min(SIZE, measured);
  const node = useRef<Konva.Rect>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const [snapped, setSnapped] = useState({ x: false, y: false });
  const painting = useRef(false);
  const { placement, strokes, blend } = state;

  // Gestures report at most once a frame (each report re-renders the sliders); the last one is
  // flushed before the gesture's step is committed.
  const reports = useOnceAFrame(onPreview);
  const previewSoon = reports.schedule;
  const commit = () => {
    reports.flush();
    onCommit();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the node appears once the cut-out has loaded
  useEffect(() => {
    const t = transformer.current;
    if (!t) return;
    t.nodes(tool === 'move' && node.current ? [node.current] : []);
    t.getLayer()?.batchDraw();
  }, [tool, cutout]);

  // The cut-out with its brush strokes, as the server applies them.
  const edited = useMemo(
    () =>
      cutout ? editedCutout<Drawn>({ cutout, source: source ?? undefined }, strokes, makeCanvasLayer) : null,
    [cutout, source, strokes],
  );
  // The template cropped and scaled to the canvas once, as the server draws from its square copy.
  const square = useMemo(() => {
    if (!background) return null;
    const { layer, ctx } = squareLayer();
    const crop = coverCrop(background, { width: SIZE, height: SIZE }, groundY);
    ctx.drawImage(background, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, SIZE, SIZE);
    return layer;
  }, [background, groundY]);
  const ground =
    background && groundY !== undefined
      ? groundOnCanvas(groundY, background, { width: SIZE, height: SIZE })
      : null;
  const picture = useMemo(() => {
    if (!square || !edited) return square;
    const { layer, ctx } = squareLayer();
    // The strokes are already in `edited` (kept while the child is dragged).
    const layers = { background: square, cutout: edited, groundY: ground };
    drawKeepsake(
      ctx,
      { width: SIZE, height: SIZE },
      layers,
      { placement, strokes: [], blend },
      makeCanvasLayer,
    );
    return layer;
  }, [square, edited, ground, placement, blend]);
  const box = cutout ? placedBox(placement, cutout, { width: SIZE, height: SIZE }) : null;

  const placeAt = (x: number, y: number): Placement => {
    const sx = snapToCentre(x / SIZE);
    const sy = snapToCentre(y / SIZE);
    setSnapped({ x: sx.snapped, y: sy.snapped });
    return clampMomentsPlacement({ ...placement, x: sx.value, y: sy.value });
  };
  const endGesture = () => {
    setSnapped({ x: false, y: false });
    commit();
  };

  const pinch = usePinch(
    placement,
    (next) => {
      node.current?.stopDrag();
      previewSoon({ ...state, placement: clampMomentsPlacement(next) });
    },
    endGesture,
  );

  /** The pointer in the cut-out's own pixels, as fractions of its size. */
  const pointOnCutout = (): [number, number] | null => {
    const image = node.current;
    const pointer = image?.getStage()?.getPointerPosition();
    if (!image || !pointer || !cutout) return null;
    const local = image.getAbsoluteTransform().copy().invert().point(pointer);
    return [local.x / image.width(), local.y / image.height()];
  };
  const brushRadius = () => (box ? brushPx / box.width : 0.05);
  const startStroke = () => {
    const pointer = pointOnCutout();
    if (tool === 'move' || !pointer || !canStartStroke(strokes)) return;
    const radius = Math.min(0.25, Math.max(0.002, brushRadius()));
    const point = brushPointOnCutout(pointer, radius);
    if (!point) return;
    painting.current = true;
    onPreview({ ...state, strokes: [...strokes, { mode: tool, radius, points: [point] }] });
  };
  const extendStroke = () => {
    const pointer = pointOnCutout();
    // Strokes not yet reported this frame are the ones to extend.
    const current = reports.pending()?.strokes ?? strokes;
    const last = current.at(-1);
    if (!painting.current || !pointer || !last) return;
    const point = brushPointOnCutout(pointer, last.radius);
    if (!point) return;
    const next = extendLastStroke(current, point);
    if (next !== current) previewSoon({ ...state, strokes: next });
  };
  const endStroke = () => {
    if (!painting.current) return;
    painting.current = false;
    commit();
  };

  const scale = width / SIZE;
  return (
    <div ref={frame} className="w-full max-w-[800px]" style={{ touchAction: 'none' }}>
      <Stage
        width={width}
        height={width}
        scaleX={scale}
        scaleY={scale}
        onMouseDown={startStroke}
        onTouchStart={(e) => (e.evt.touches.length === 2 ? pinch.start(e.evt) : startStroke())}
        onMouseMove={extendStroke}
        onTouchMove={(e) => (e.evt.touches.length === 2 ? pinch.move(e.evt) : extendStroke())}
        onMouseUp={endStroke}
        onMouseLeave={endStroke}
        onTouchEnd={(e) => (pinch.active() ? pinch.end(e.evt) : endStroke())}
        className="overflow-hidden rounded-2xl bg-slate-100"
      >
        <Layer listening={false}>
          {picture && <KonvaImage image={picture} width={SIZE} height={SIZE} perfectDrawEnabled={false} />}
        </Layer>
        <Layer>
          {edited && box && (
            <Rect
              ref={node}
              name="subject"
              {...centredNode(box, placement.rotation)}
              fill="#000"
              opacity={0}
              draggable={tool === 'move'}
              perfectDrawEnabled={false}
              onDragMove={(e) => {
                const next = placeAt(e.target.x(), e.target.y());
                e.target.position({ x: next.x * SIZE, y: next.y * SIZE });
                previewSoon({ ...state, placement: next });
              }}
              onDragEnd={endGesture}
              onTransform={() => {
                const image = node.current;
                if (!image) return;
                const next = clampMomentsPlacement({
                  x: image.x() / SIZE,
                  y: image.y() / SIZE,
                  scale: placement.scale * image.scaleX(),
                  rotation: normaliseDegrees(image.rotation()),
                });
                image.scale({ x: 1, y: 1 });
                previewSoon({ ...state, placement: next });
              }}
              onTransformEnd={endGesture}
            />
          )}
          <Transformer
            ref={transformer}
            {...CORNER_HANDLES}
            centeredScaling
            rotateEnabled
            anchorSize={14}
            anchorCornerRadius={7}
          />
          {snapped.x && (
            <Line points={[SIZE / 2, 0, SIZE / 2, SIZE]} stroke="#ec4899" strokeWidth={2} dash={[8, 6]} />
          )}
          {snapped.y && (
            <Line points={[0, SIZE / 2, SIZE, SIZE / 2]} stroke="#ec4899" strokeWidth={2} dash={[8, 6]} />
          )}
        </Layer>
      </Stage>
    </div>
  );
}

/** An 800×800 canvas for the editor's own drawing. */
function squareLayer() {
  const layer = makeCanvasLayer(SIZE, SIZE) as HTMLCanvasElement;
  const ctx = layer.getContext('2d') as unknown as Canvas2D<Drawn>;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  return { layer, ctx };
}
