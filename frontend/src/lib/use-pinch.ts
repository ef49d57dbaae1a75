/** Two-finger pinch (scale) and twist (rotation) on the canvas, written from the two touches. */
import { useRef } from 'react';

type Scalable = { scale: number; rotation: number };
type Start<T> = { distance: number; angle: number; placement: T };

const geometry = (touches: TouchList) => {
  const [a, b] = [touches[0], touches[1]];
  return {
    distance: Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY),
    angle: (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI,
  };
};

export function usePinch<T extends Scalable>(placement: T, onPreview: (next: T) => void, onEnd: () => void) {
  const start = useRef<Start<T> | null>(null);
  return {
    active: () => start.current !== null,
    start(event: TouchEvent) {
      event.preventDefault();
      start.current = { ...geometry(event.touches), placement };
    },
    move(event: TouchEvent) {
      const from = start.current;
      if (!from || event.touches.length < 2) return;
      event.preventDefault();
      const now = geometry(event.touches);
      onPreview({
        ...from.placement,
        scale: from.placement.scale * (now.distance / Math.max(1, from.distance)),
        rotation: from.placement.rotation + now.angle - from.angle,
      });
    },
    end(event: TouchEvent) {
      if (event.touches.length >= 2) return;
      start.current = null;
      onEnd();
    },
  };
}
