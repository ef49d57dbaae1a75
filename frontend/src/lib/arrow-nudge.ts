/** An arrow key on a canvas: how far it moves things, `step` along its direction; null for any other key. */
const DIRECTIONS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function arrowNudge(key: string, step: number): [number, number] | null {
  const direction = DIRECTIONS[key];
  return direction ? [direction[0] * step, direction[1] * step] : null;
}
