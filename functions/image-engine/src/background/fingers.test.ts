import { describe, expect, it } from 'vitest';
import { addFingers } from './fingers';
import type { Forearm } from './pose';

const [width, height] = [160, 200];
const SKIN = [205, 150, 120];
const WALL = [235, 225, 215];
/** A raised arm (x 70–90, y 120 down) with a palm (x 62–98, y 90–120) and four fingers 3 px wide above it (y 60–90). */
const isArm = (x: number, y: number) => x >= 70 && x < 90 && y >= 120;
const isPalm = (x: number, y: number) => x >= 62 && x < 98 && y >= 90 && y < 120;
const isFinger = (x: number, y: number) =>
  y >= 60 && y < 90 && [64, 74, 84, 94].some((left) => x >= left && x < left + 3);
/** A speck of skin colour inside the hand's reach, not joined to it. */
const isSpeck = (x: number, y: number) => x >= 112 && x < 118 && y >= 70 && y < 76;
/** The model puts the wrist short, low on the forearm (as a drawn doll's is). */
const FOREARM: Forearm = { elbow: { x: 80, y: 190 }, wrist: { x: 80, y: 140 } };
/** The working size's share of the photo: a 384 px working size of a 1280 px photo. */
const WORK_SCALE = 0.3;

function scene(wall = WALL) {
  const data = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const child = isArm(x, y) || isPalm(x, y) || isFinger(x, y) || isSpeck(x, y);
      // A little texture, as a photo has.
      const grain = ((x * 7 + y * 13) % 5) - 2;
      data.set(
        (child ? SKIN : wall).map((c) => c + grain),
        (y * width + x) * 3,
      );
      // What the working size kept: the arm and the palm, not the fingers.
      alpha[y * width + x] = isArm(x, y) || isPalm(x, y) ? 255 : 0;
    }
  return { photo: { data, width, height }, alpha };
}

const crop = { left: 0, top: 0, width, height };
const share = (alpha: Uint8Array, where: (x: number, y: number) => boolean) => {
  let inside = 0;
  let opaque = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (where(x, y)) {
        inside++;
        if (alpha[y * width + x] === 255) opaque++;
      }
  return opaque / inside;
};

describe('fingers at full size', () => {
  it("takes back thin fingers past a wrist the model put short, and leaves the wall and a speck that doesn't join", () => {
    const { photo, alpha } = scene();
    addFingers(photo, alpha, crop, [FOREARM], WORK_SCALE);
    expect(share(alpha, isFinger)).toBe(1);
    expect(share(alpha, (x, y) => !isArm(x, y) && !isPalm(x, y) && !isFinger(x, y))).toBe(0);
    expect(share(alpha, isSpeck)).toBe(0);
  });

  it('leaves a hand alone whose fingers the working size resolves (a forearm 60 working pixels long)', () => {
    const { photo, alpha } = scene();
    const before = Uint8Array.from(alpha);
    // The same 50 px forearm, in a photo scaled down by 1.2 for the working size: 60 pixels there.
    addFingers(photo, alpha, crop, [FOREARM], 1.2);
    expect(alpha).toEqual(before);
    addFingers(photo, alpha, crop, [FOREARM], 1.19);
    expect(share(alpha, isFinger)).toBe(1);
  });

  it('adds nothing when the wall is the hand’s colour (a flood, not fingers)', () => {
    const { photo, alpha } = scene(SKIN);
    const before = Uint8Array.from(alpha);
    addFingers(photo, alpha, crop, [FOREARM], WORK_SCALE);
    expect(alpha).toEqual(before);
  });

  it('adds nothing without a forearm, and copes with a hand past the crop’s edge', () => {
    const { photo, alpha } = scene();
    const before = Uint8Array.from(alpha);
    addFingers(photo, alpha, crop, [], WORK_SCALE);
    expect(alpha).toEqual(before);
    const cropped = { left: 40, top: 0, width: 120, height: 100 };
    const part = new Uint8Array(cropped.width * cropped.height);
    expect(() =>
      addFingers(photo, part, cropped, [{ elbow: { x: 80, y: 400 }, wrist: { x: 80, y: 300 } }], WORK_SCALE),
    ).not.toThrow();
  });

  it('leaves a hanging hand alone: a bag of the trousers’ colour beside the legs stays out', () => {
    const JEANS = [60, 80, 140];
    const isArmDown = (x: number, y: number) => x >= 40 && x < 56 && y >= 40 && y < 150;
    const isLegs = (x: number, y: number) => x >= 60 && x < 110 && y >= 60;
    const isBag = (x: number, y: number) => x >= 110 && x < 140 && y >= 150;
    const data = new Uint8Array(width * height * 3);
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const colour = isArmDown(x, y) ? SKIN : isLegs(x, y) || isBag(x, y) ? JEANS : WALL;
        data.set(colour, (y * width + x) * 3);
        alpha[y * width + x] = isArmDown(x, y) || isLegs(x, y) ? 255 : 0;
      }
    addFingers(
      { data, width, height },
      alpha,
      crop,
      [{ elbow: { x: 48, y: 40 }, wrist: { x: 60, y: 100 } }],
      WORK_SCALE,
    );
    expect(share(alpha, isBag)).toBe(0);
  });
});
