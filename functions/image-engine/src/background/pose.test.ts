import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCompositeNamed } from '../../bench/cutout-set/composites';
import { landscapeJpeg } from '../test-photos';
import { armsFromMirror, looksAgainInMirror, lowestReach, poseIn } from './pose';

// The first call loads the WASM backend and the model: seconds on a busy 2-core machine.
const MODEL_TEST_TIMEOUT_MS = 60_000;

async function rgbOf(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the pose model (where the forearms and the head are)', () => {
  it(
    'puts each forearm of a dancing child on her forearms and hands, each shin and her head on her',
    async () => {
      // A 3D-rendered child with exact forearm and hand masks (bench/cutout-set), one arm up.
      const rendered = await renderCompositeNamed('3d-dancing');
      const photo = await rgbOf(rendered.jpeg);
      const { forearms, shins, head, lowest } = await poseIn(photo, {
        left: 0,
        top: 0,
        side: Math.max(photo.width, photo.height),
      });
      expect(forearms).toHaveLength(2);
      const arm = new Uint8Array(photo.width * photo.height);
      for (const { pixels } of rendered.limbs) for (let i = 0; i < arm.length; i++) arm[i] |= pixels[i];
      // Each end lies on a forearm or hand, or within a few pixels of one (joints sit at the edge).
      const tolerance = Math.round(0.02 * photo.width);
      const onArm = ({ x, y }: { x: number; y: number }) => {
        for (let dy = -tolerance; dy <= tolerance; dy++)
          for (let dx = -tolerance; dx <= tolerance; dx++) {
            const [px, py] = [Math.round(x) + dx, Math.round(y) + dy];
            if (px >= 0 && py >= 0 && px < photo.width && py < photo.height && arm[py * photo.width + px])
              return true;
          }
        return false;
      };
      for (const { elbow, wrist } of forearms) expect([onArm(elbow), onArm(wrist)]).toEqual([true, true]);
      // Both legs, each knee and ankle on the child (no exact leg masks: the whole child's).
      expect(shins).toHaveLength(2);
      const onChild = ({ x, y }: { x: number; y: number }) =>
        rendered.truth[Math.round(y) * photo.width + Math.round(x)] > 128;
      for (const { knee, ankle } of shins) expect([onChild(knee), onChild(ankle)]).toEqual([true, true]);
      // The lowest she can reach is below her feet, not far below.
      const feet = Math.floor(rendered.truth.findLastIndex((alpha) => alpha >= 128) / photo.width);
      expect(lowest).toBeGreaterThan(feet);
      expect(lowest).toBeLessThan(feet + 0.3 * photo.height);
      // The head's disc is on the child, about a head wide.
      const { centre, radius } = head as NonNullable<typeof head>;
      expect(rendered.truth[Math.round(centre.y) * photo.width + Math.round(centre.x)]).toBeGreaterThan(128);
      expect(radius / photo.width).toBeGreaterThan(0.02);
      expect(radius / photo.width).toBeLessThan(0.2);
    },
    MODEL_TEST_TIMEOUT_MS,
  );

  it(
    'finds no forearm, no leg and no head in a landscape with no one in it',
    async () => {
      const photo = await rgbOf(await landscapeJpeg());
      expect(await poseIn(photo, { left: 0, top: 0, side: Math.max(photo.width, photo.height) })).toEqual({
        forearms: [],
        shins: [],
        head: undefined,
        lowest: undefined,
      });
    },
    MODEL_TEST_TIMEOUT_MS,
  );
});

describe('how low the child reaches', () => {
  // A standing leg: thigh 40 px, shin 50 px, the ankle at row 190.
  const standing = { hip: { x: 100, y: 100 }, knee: { x: 100, y: 140 }, ankle: { x: 100, y: 190 } };
  const joints = [standing.hip, standing.knee, standing.ankle];

  it('is 1.2 of the longer part of a standing leg below the lowest thing seen of the child', () => {
    expect(lowestReach([standing], joints)).toBeCloseTo(190 + 1.2 * 50);
    // A hand hanging lower than the feet (on a high chair) is seen too.
    expect(lowestReach([standing], [...joints, { x: 60, y: 260 }])).toBeCloseTo(260 + 1.2 * 50);
  });

  it('keeps the head of a child whose head is lower than her feet (a cartwheel, lying aslant)', () => {
    const headBottom = { x: 40, y: 320 };
    expect(lowestReach([standing], [...joints, headBottom])).toBeGreaterThan(320);
  });

  it('bounds nothing for a child upside down or a baby with its legs in the air', () => {
    const upsideDown = { hip: { x: 100, y: 190 }, knee: { x: 100, y: 140 }, ankle: { x: 100, y: 100 } };
    expect(lowestReach([upsideDown], [upsideDown.hip, upsideDown.ankle])).toBeUndefined();
    expect(lowestReach([], joints)).toBeUndefined();
  });
});

describe('a second look in the mirror', () => {
  const keypoints = () => new Float32Array(17 * 3); // (y, x, score) each
  const joint = (scores: Float32Array, k: number) => Array.from(scores.subarray(k * 3, k * 3 + 3));

  it('is taken for an elbow seen without its wrist, unless the photo’s bottom edge cuts that arm', () => {
    // A square of side 1000 from the photo's top, over a photo 1000 tall: rows are shares of it.
    const square = { left: 0, top: 0, side: 1000 };
    const arm = (elbowRow: number, wristRow: number, wristScore = 0.1) => {
      const scores = keypoints();
      scores.set([elbowRow, 0.5, 0.6], 7 * 3); // left elbow, sure
      scores.set([wristRow, 0.4, wristScore], 9 * 3);
      return looksAgainInMirror(scores, square, 1000);
    };
    expect(arm(0.6, 0.4)).toBe(true); // a raised forearm the model is unsure of
    expect(arm(0.97, 0.99)).toBe(false); // cut by the photo's bottom: the forearm runs out of it
    expect(arm(1.1, 1.2)).toBe(false); // below the photo (the square reaches past it)
    expect(arm(0.97, 0.7)).toBe(true); // the elbow at the edge, the hand raised: still looked for
    expect(arm(0.6, 0.4, 0.5)).toBe(false); // the wrist is sure: nothing to look for
    expect(looksAgainInMirror(keypoints(), square, 1000)).toBe(false);
  });

  it('takes an arm from the mirror when it is surer of both its joints, its right arm as the left', () => {
    const first = keypoints();
    first.set([0.6, 0.5, 0.6], 7 * 3); // left elbow, sure
    first.set([0.7, 0.3, 0.1], 9 * 3); // left wrist, a guess
    const mirror = keypoints();
    mirror.set([0.55, 0.5, 0.5], 8 * 3); // the mirror's right elbow and wrist
    mirror.set([0.75, 0.25, 0.5], 10 * 3);
    armsFromMirror(first, mirror);
    expect(joint(first, 7)).toEqual([expect.closeTo(0.55), expect.closeTo(0.5), expect.closeTo(0.5)]);
    expect(joint(first, 9)).toEqual([expect.closeTo(0.75), expect.closeTo(0.75), expect.closeTo(0.5)]);
  });

  it('keeps an arm whole from the first look when the mirror is less sure of one of its joints', () => {
    const first = keypoints();
    first.set([0.5, 0.3, 0.6], 8 * 3); // right elbow and wrist, sure
    first.set([0.3, 0.2, 0.6], 10 * 3);
    const mirror = keypoints();
    mirror.set([0.5, 0.7, 0.2], 7 * 3); // the mirror's left elbow, less sure; its wrist surer
    mirror.set([0.3, 0.9, 0.9], 9 * 3);
    armsFromMirror(first, mirror);
    expect([joint(first, 8), joint(first, 10)]).toEqual([
      [0.5, expect.closeTo(0.3), expect.closeTo(0.6)],
      [expect.closeTo(0.3), expect.closeTo(0.2), expect.closeTo(0.6)],
    ]);
  });

  it('takes each joint from the surer look when neither is sure of the whole arm', () => {
    const first = keypoints();
    first.set([0.6, 0.3, 0.4], 8 * 3); // right elbow, sure; its wrist a guess
    first.set([0.5, 0.2, 0.1], 10 * 3);
    const mirror = keypoints();
    mirror.set([0.4, 0.6, 0.2], 7 * 3); // the mirror's left elbow a guess, its wrist sure
    mirror.set([0.2, 0.8, 0.35], 9 * 3);
    armsFromMirror(first, mirror);
    expect(joint(first, 8)).toEqual([expect.closeTo(0.6), expect.closeTo(0.3), expect.closeTo(0.4)]);
    expect(joint(first, 10)).toEqual([expect.closeTo(0.2), expect.closeTo(0.2), expect.closeTo(0.35)]);
  });
});
