/**
 * The 800×800 editor canvas (react-konva): the template, and the cut-out drawn where the shared
 * placement rules put it (shared/rules/placement.ts, the same maths as the server's export). Drag,
 * the corner handle (scale and rotate), two-finger pinch and rotate, and the erase/restore brush
 * all report through `onPreview` while they run and `onCommit` when they end (one undo step).
 */
import { type BrushStroke, editedCutout, type LayerFactory } from '@shared/rules/keepsake-drawing';
import {
  clampMomentsPlacement,
  coverCrop,
  normaliseDegrees,
  type Placement,
  placedBox,
  MOMENTS_CANVAS_PX as SIZE,
  snapToCentre,
} from '@shared/rules/placement';
import Konva from 'konva';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Line, Stage, Transformer } from 'react-konva';
import { usePinch } from '../../../lib/use-pinch';
import { brushPointOnCutout, canStartStroke, extendLastStroke } from './brush-rules';

export type EditorState = { placement: Placement; strokes: BrushStroke[] };
export type Tool = 'move' | 'erase' | 'restore';

type Props = {
  background: HTMLImageElement | null;
  cutout: HTMLImageElement | null;
  source: HTMLImageElement | null;
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

type Drawn = HTMLImageElement | HTMLCanvasElement;
// An HTML canvas is the shared drawing function's layer in the browser (the server uses Skia's).
const makeLayer = ((width: number, height: number) =>
  Object.assign(document.createElement('canvas'), { width, height })) as unknown as LayerFactory<Drawn>;

export function KeepsakeStage({
  background,
  cutout,
  source,
  state,
  tool,
  brushPx,
  onPreview,
  onCommit,
}: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const node = useRef<Konva.Image>(null);
  const transformer = useRef<Konva.Transformer>(null);
  // Measured from the frame (phones get a smaller canvas); 0 until then, so it never forces a width.
  const [width, setWidth] = useState(0);
  const [snapped, setSnapped] = useState({ x: false, y: false });
  const painting = useRef(false);
  const { placement, strokes } = state;

  // Gestures report at most once a frame: pointer events can outpace the screen, and each report
  // re-renders the sliders. The last one is flushed before the gesture's step is committed.
  const pending = useRef<EditorState | null>(null);
  const scheduled = useRef(0);
  const previewSoon = (next: EditorState) => {
    pending.current = next;
    scheduled.current ||= requestAnimationFrame(flush);
  };
  function flush() {
    cancelAnimationFrame(scheduled.current);
    scheduled.current = 0;
    const next = pending.current;
    pending.current = null;
    if (next) onPreview(next);
  }
  const commit = () => {
    flush();
    onCommit();
  };

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.min(SIZE, Math.floor(entry.contentRect.width))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the node appears once the cut-out has loaded
  useEffect(() => {
    const t = transformer.current;
    if (!t) return;
    t.nodes(tool === 'move' && node.current ? [node.current] : []);
    t.getLayer()?.batchDraw();
  }, [tool, cutout]);

  // The cut-out with its brush strokes, as the server applies them.
  const edited = useMemo(
    () => (cutout ? editedCutout<Drawn>({ cutout, source: source ?? undefined }, strokes, makeLayer) : null),
    [cutout, source, strokes],
  );
  const box = cutout ? placedBox(placement, cutout, { width: SIZE, height: SIZE }) : null;
  const crop = background ? coverCrop(background, { width: SIZE, height: SIZE }) : null;

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
      previewSoon({ placement: clampMomentsPlacement(next), strokes });
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
    onPreview({ placement, strokes: [...strokes, { mode: tool, radius, points: [point] }] });
  };
  const extendStroke = () => {
    const pointer = pointOnCutout();
    // Strokes not yet reported this frame are the ones to extend.
    const current = pending.current?.strokes ?? strokes;
    const last = current.at(-1);
    if (!painting.current || !pointer || !last) return;
    const point = brushPointOnCutout(pointer, last.radius);
    if (!point) return;
    const next = extendLastStroke(current, point);
    if (next !== current) previewSoon({ placement, strokes: next });
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
          {background && crop && (
            <KonvaImage
              image={background}
              width={SIZE}
              height={SIZE}
              crop={{ x: crop.sx, y: crop.sy, width: crop.sw, height: crop.sh }}
              perfectDrawEnabled={false}
            />
          )}
        </Layer>
        <Layer>
          {edited && box && (
            <KonvaImage
              ref={node}
              image={edited}
              x={box.cx}
              y={box.cy}
              width={box.width}
              height={box.height}
              offsetX={box.width / 2}
              offsetY={box.height / 2}
              rotation={placement.rotation}
              draggable={tool === 'move'}
              perfectDrawEnabled={false}
              onDragMove={(e) => {
                const next = placeAt(e.target.x(), e.target.y());
                e.target.position({ x: next.x * SIZE, y: next.y * SIZE });
                previewSoon({ placement: next, strokes });
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
                previewSoon({ placement: next, strokes });
              }}
              onTransformEnd={endGesture}
            />
          )}
          <Transformer
            ref={transformer}
            centeredScaling
            keepRatio
            rotateEnabled
            enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
            anchorSize={14}
            anchorCornerRadius={7}
            borderStroke="#7c3aed"
            anchorStroke="#7c3aed"
            rotateAnchorOffset={28}
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
