import { describe, expect, it } from 'vitest';
import { refineByColour } from './colour-refine';
import { NO_POSE } from './pose';

const [width, height] = [120, 120];
const SKIN = [224, 172, 140];
const SHIRT = [40, 90, 200];
const WALL = [90, 140, 90];
const BEIGE = [170, 160, 120];

/**
 * A wall with a child the model half found: a shirted body and a face it is sure of, an arm
 * (skin, like the face) reaching out of the body that it missed, and the same skin colour in a
 * patch of wall far from the body.
 */
function scene() {
  const data = new Uint8Array(width * height * 3);
  const probability = new Uint8Array(width * height);
  const paint = (x0: number, y0: number, x1: number, y1: number, rgb: number[], p?: number) => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        data.set(rgb, (y * width + x) * 3);
        if (p !== undefined) probability[y * width + x] = p;
      }
    }
  };
  paint(0, 0, width, height, WALL, 0);
  paint(50, 20, 70, 40, SKIN, 250); // the face
  paint(40, 40, 80, 110, SHIRT, 250); // the body
  paint(80, 50, 110, 56, SKIN, 10); // the arm, missed
  paint(5, 5, 15, 15, SKIN, 10); // skin-coloured wall, away from the child
  return { photo: { data, width, height }, probability, region: probability.map((p) => (p >= 128 ? p : 0)) };
}
const at = (mask: Uint8Array, x: number, y: number) => mask[y * width + x];

/** Changes a rectangle of a scene: the model's probability, the region (the same unless given) and maybe the colour. */
function repaint(
  input: ReturnType<typeof scene>,
  [x0, y0, x1, y1]: [number, number, number, number],
  change: { probability: number; region?: number; rgb?: number[] },
) {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (change.rgb) input.photo.data.set(change.rgb, i * 3);
      input.probability[i] = change.probability;
      input.region[i] = change.region ?? change.probability;
    }
  }
}

describe('refining the mask by colour', () => {
  const skin = { left: 52, right: 68, top: 22, bottom: 38 };

  it('takes back an arm the model missed, joined to the body, and nothing away from it', () => {
    const out = refineByColour({ ...scene(), reach: 40, skin });
    expect([at(out, 85, 53), at(out, 108, 53)]).toEqual([255, 255]);
    expect(at(out, 10, 10)).toBe(0);
    // The wall beside the arm stays background.
    expect([at(out, 95, 60), at(out, 95, 45)]).toEqual([0, 0]);
  });

  it('adds nothing beyond the reach', () => {
    const out = refineByColour({ ...scene(), reach: 15, skin });
    expect(at(out, 85, 53)).toBe(255);
    expect(at(out, 108, 53)).toBe(0);
  });

  it('drops a wide blob of a child-like colour that touches the child (a ball, the sun)', () => {
    const input = scene();
    for (let y = 40; y < 80; y++) {
      for (let x = 80; x < 118; x++) input.photo.data.set(SKIN, (y * width + x) * 3);
    }
    const out = refineByColour({ ...input, reach: 60, skin });
    expect(at(out, 100, 65)).toBe(0);
  });

  it('keeps a wide part the child holds on most sides (an upper arm between hair, forearm and dress)', () => {
    const input = scene();
    repaint(input, [56, 60, 80, 84], { rgb: SKIN, probability: 10, region: 0 });
    const out = refineByColour({ ...input, reach: 60, skin });
    expect(at(out, 68, 72)).toBe(255);
  });

  it('takes away a little of the wall the model was sure of, whose colour the child never shows', () => {
    const input = scene();
    repaint(input, [80, 60, 86, 66], { probability: 240 });
    const out = refineByColour({ ...input, reach: 40, skin });
    expect(at(out, 83, 63)).toBe(0);
    // The body stays (made opaque: its colours are the child's).
    expect([at(out, 60, 100), at(out, 60, 30)]).toEqual([255, 255]);
  });

  it('takes away what the colours call background where the model was unsure, and nothing it was sure of', () => {
    const input = scene();
    repaint(input, [80, 80, 90, 100], { rgb: WALL, probability: 150 }); // wall the model was unsure of, beside the body
    repaint(input, [50, 105, 70, 120], { rgb: WALL, probability: 250 }); // a post the model took for legs: it stays (see remove-background.ts)
    const out = refineByColour({ ...input, reach: 40, skin });
    expect([at(out, 85, 90), at(out, 60, 115)]).toEqual([0, 250]);
    // The body and the face stay.
    expect([at(out, 60, 100), at(out, 45, 60), at(out, 60, 30)]).toEqual([255, 255, 255]);
  });

  it('makes opaque what the model was unsure of and the colours call the child (a hand on a like wall)', () => {
    const input = scene();
    repaint(input, [80, 50, 90, 56], { probability: 150 });
    const out = refineByColour({ ...input, reach: 40, skin });
    expect(at(out, 85, 53)).toBe(255);
  });

  it('takes back a forearm the pose model found where the colours alone do not (a beige the child and the wall both show), not the wall around it', () => {
    const input = scene();
    repaint(input, [40, 100, 80, 105], { rgb: BEIGE, probability: 250 }); // a beige belt
    repaint(input, [0, 0, 15, 15], { rgb: BEIGE, probability: 0 }); // beige wall
    repaint(input, [80, 50, 110, 56], { rgb: BEIGE, probability: 10, region: 0 }); // the arm, missed
    expect(at(refineByColour({ ...input, reach: 40, skin }), 90, 53)).toBe(0);
    const pose = { ...NO_POSE, forearms: [{ elbow: { x: 82, y: 53 }, wrist: { x: 102, y: 53 } }] };
    const out = refineByColour({ ...input, reach: 40, skin, pose });
    expect([at(out, 85, 53), at(out, 100, 53), at(out, 108, 53)]).toEqual([255, 255, 255]);
    // The wall inside the forearm's capsule, above and below the arm, stays background.
    expect([at(out, 95, 48), at(out, 95, 57)]).toEqual([0, 0]);
  });

  it('takes back a lower leg the pose model found though it is as wide as a ball, and not without the pose', () => {
    const input = scene();
    repaint(input, [40, 80, 80, 110], { rgb: WALL, probability: 0 }); // the body ends at the waist
    repaint(input, [50, 80, 70, 118], { rgb: SHIRT, probability: 10, region: 0 }); // a wide trouser leg, missed
    expect(at(refineByColour({ ...input, reach: 40, skin }), 60, 100)).toBe(0);
    const pose = { ...NO_POSE, shins: [{ knee: { x: 60, y: 84 }, ankle: { x: 60, y: 112 } }] };
    const out = refineByColour({ ...input, reach: 40, skin, pose });
    expect([at(out, 60, 90), at(out, 60, 100), at(out, 60, 115)]).toEqual([255, 255, 255]);
    expect(at(out, 30, 100)).toBe(0);
  });
});
