/** The width of a canvas's frame element, followed as the layout changes (phones get a smaller canvas). */
import { type RefObject, useEffect, useRef, useState } from 'react';

export function useFrameWidth(initial = 0): [RefObject<HTMLDivElement | null>, number] {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [frame, width];
}
