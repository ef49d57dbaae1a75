/** Two-finger pinch (scale) and twist (rotation) on the canvas, written from the two touches. */
import type { Placement } from '@shared/rules/placement';
import { useRef } from 'react';

type Start = { distance: number; angle: number; placement: Placement };

const geometry = (touches: TouchList) => {
  const [a, b] = [touches[0], touches[1]];
  return {
    distance: Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY),
    angle: (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI,
  };
};

export function usePinch(placement: Placement, onPreview: (next: Placement) => void, onEnd: () => void) {
  const start = useRef<Start | null>(null);
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
