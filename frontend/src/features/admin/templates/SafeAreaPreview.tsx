/**
 * The editor's 800×800 preview (docs/product.md#template-editor): the template image, the green
 * dashed safe area, four 12 px corner handles and the red anchor dot. A corner is dragged from
 * pointer down to pointer up or leave (mouse, pen or finger); moves reach the form at most once a
 * frame. On a narrow screen the stage is scaled down and keeps its 800×800 logical coordinates.
 */
import type { SafeAreaCorner } from '@shared/rules/safe-area';
import type { SafeArea } from '@shared/templates';
import type Konva from 'konva';
import { useRef } from 'react';
import { Circle, Image as KonvaImage, Layer, Rect, Stage } from 'react-konva';
import { arrowNudge } from '../../../lib/arrow-nudge';
import { useFrameWidth } from '../../../lib/use-frame-width';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { useOnceAFrame } from '../../../lib/use-once-a-frame';
import {
  ANCHOR_RADIUS,
  anchorPoint,
  cornerAt,
  cornersOf,
  HANDLE_SIZE,
  imageBox,
  PREVIEW_SIZE,
  safeAreaBox,
  toImageFraction,
} from './preview-geometry';

type Props = {
  imageUrl: string;
  nativeWidth: number;
  nativeHeight: number;
  safeArea: SafeArea;
  onDragCorner(corner: SafeAreaCorner, pointer: { x: number; y: number }): void;
  /** Arrow keys: the bottom-right corner, or with Shift the top-left one, by one step (0.01). */
  onNudgeCorner(corner: SafeAreaCorner, dx: number, dy: number): void;
};

const KEY_STEP = 0.01;

const GREEN = '#16a34a';

export function SafeAreaPreview({
  imageUrl,
  nativeWidth,
  nativeHeight,
  safeArea,
  onDragCorner,
  onNudgeCorner,
}: Props) {
  const [frame, available] = useFrameWidth(PREVIEW_SIZE);
  const { image } = useLoadedImage(imageUrl);
  const scale = Math.min(1, available / PREVIEW_SIZE);
  const fitted = imageBox(nativeWidth, nativeHeight);
  const box = safeAreaBox(fitted, safeArea);
  const anchor = anchorPoint(box, safeArea.anchor);

  const dragging = useRef<SafeAreaCorner | null>(null);
  const moves = useOnceAFrame((at: { x: number; y: number }) => {
    if (dragging.current) onDragCorner(dragging.current, at);
  });
  const pointerOf = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const at = event.target.getStage()?.getPointerPosition();
    return at ? { x: at.x / scale, y: at.y / scale } : null;
  };
  const stop = () => {
    moves.flush();
    dragging.current = null;
  };

  return (
    <div ref={frame} className="w-full">
      <div
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region: it takes drags and arrow keys itself
        tabIndex={0}
        aria-label={`Preview of the safe area: x ${safeArea.x}, y ${safeArea.y}, width ${safeArea.width}, height ${safeArea.height}, anchor ${safeArea.anchor}. Drag a corner to resize it; or arrow keys move the bottom-right corner, with Shift the top-left one.`}
        onKeyDown={(event) => {
          const step = arrowNudge(event.key, KEY_STEP);
          if (!step) return;
          event.preventDefault();
          onNudgeCorner(event.shiftKey ? 'nw' : 'se', step[0], step[1]);
        }}
        className="mx-auto w-fit overflow-hidden rounded-2xl bg-slate-200 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
      >
        <Stage
          width={PREVIEW_SIZE * scale}
          height={PREVIEW_SIZE * scale}
          scaleX={scale}
          scaleY={scale}
          style={{ touchAction: 'none' }}
          onPointerDown={(event) => {
            const at = pointerOf(event);
            if (!at) return;
            const touch = event.evt.pointerType === 'touch';
            dragging.current = cornerAt(box, at, { touch, stageScale: scale });
            if (dragging.current) event.evt.preventDefault();
          }}
          onPointerMove={(event) => {
            if (!dragging.current) return;
            const at = pointerOf(event);
            if (!at) return;
            moves.schedule(toImageFraction(fitted, at));
          }}
          onPointerUp={stop}
          onPointerLeave={stop}
          onPointerCancel={stop}
        >
          <Layer listening={false}>
            {image && (
              <KonvaImage
                image={image}
                x={fitted.left}
                y={fitted.top}
                width={fitted.width}
                height={fitted.height}
              />
            )}
          </Layer>
          <Layer listening={false}>
            <Rect
              x={box.left}
              y={box.top}
              width={box.width}
              height={box.height}
              stroke={GREEN}
              strokeWidth={2}
              dash={[10, 6]}
              strokeScaleEnabled={false}
            />
            {Object.entries(cornersOf(box)).map(([corner, at]) => (
              <Rect
                key={corner}
                x={at.x - HANDLE_SIZE / 2}
                y={at.y - HANDLE_SIZE / 2}
                width={HANDLE_SIZE}
                height={HANDLE_SIZE}
                fill="#ffffff"
                stroke={GREEN}
                strokeWidth={2}
              />
            ))}
            <Circle
              x={anchor.x}
              y={anchor.y}
              radius={ANCHOR_RADIUS}
              fill="#dc2626"
              stroke="#ffffff"
              strokeWidth={2}
            />
          </Layer>
        </Stage>
      </div>
    </div>
  );
}
