/** What the two editors' canvases share about the child on the stage: where its node sits, and its handles. */
type Box = { cx: number; cy: number; width: number; height: number };

/** A Konva node's position for a box given by its centre, turning about that centre. */
export function centredNode({ cx, cy, width, height }: Box, rotation: number) {
  return { x: cx, y: cy, width, height, offsetX: width / 2, offsetY: height / 2, rotation };
}

/** The Transformer's look: four corner handles that keep the ratio, and the rotate handle above. */
export const CORNER_HANDLES = {
  keepRatio: true,
  enabledAnchors: ['top-left', 'top-right', 'bottom-left', 'bottom-right'],
  rotateAnchorOffset: 28,
  borderStroke: '#7c3aed',
  anchorStroke: '#7c3aed',
};
