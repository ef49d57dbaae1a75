import { describe, expect, it } from 'vitest';
import { NO_POSE } from './pose';
import { closedAlongForearms, POSE_ARM_OR_HEAD, POSE_LEG, POSE_NONE, poseMap } from './pose-map';

const [width, height] = [100, 60];
const at = (map: Uint8Array, x: number, y: number) => map[y * width + x];

describe('what the pose model found, drawn on the mask', () => {
  it('covers the forearm and the hand past the wrist, a quarter of the forearm wide each side', () => {
    const map = poseMap(
      { ...NO_POSE, forearms: [{ elbow: { x: 20, y: 30 }, wrist: { x: 60, y: 30 } }] },
      width,
      height,
    );
    // Elbow, middle, wrist, the hand (half a forearm past the wrist).
    expect([at(map, 20, 30), at(map, 40, 30), at(map, 60, 30), at(map, 79, 30)]).toEqual([1, 1, 1, 1]);
    expect([at(map, 40, 39), at(map, 40, 21)]).toEqual([1, 1]);
    // Not beyond the hand's tip and its radius, nor far to the sides.
    expect([at(map, 92, 30), at(map, 40, 41), at(map, 40, 19)]).toEqual([0, 0, 0]);
  });

  it('follows a raised forearm and leaves the picture alone without one', () => {
    const raised = poseMap(
      { ...NO_POSE, forearms: [{ elbow: { x: 50, y: 50 }, wrist: { x: 50, y: 20 } }] },
      width,
      height,
    );
    expect([at(raised, 50, 10), at(raised, 50, 35), at(raised, 70, 35)]).toEqual([1, 1, 0]);
    expect(poseMap(NO_POSE, width, height).some(Boolean)).toBe(false);
  });

  it('draws nothing for a forearm folded onto itself (elbow and wrist in one place)', () => {
    expect(
      poseMap(
        { ...NO_POSE, forearms: [{ elbow: { x: 50, y: 30 }, wrist: { x: 51, y: 30 } }] },
        width,
        height,
      ).some(Boolean),
    ).toBe(false);
  });

  it('draws the head as its disc', () => {
    const map = poseMap({ ...NO_POSE, head: { centre: { x: 50, y: 30 }, radius: 10 } }, width, height);
    expect([at(map, 50, 30), at(map, 59, 30), at(map, 50, 21), at(map, 57, 37)]).toEqual([1, 1, 1, 1]);
    expect([at(map, 61, 30), at(map, 50, 41), at(map, 58, 38)]).toEqual([0, 0, 0]);
  });

  it('draws a lower leg from the knee past the ankle (the foot), marked as a leg', () => {
    const map = poseMap(
      { ...NO_POSE, shins: [{ knee: { x: 50, y: 5 }, ankle: { x: 50, y: 35 } }] },
      width,
      height,
    );
    // Knee, middle, ankle, the foot (a fifth of the shin past the ankle), a fifth of the shin each side.
    const leg = [at(map, 50, 5), at(map, 50, 20), at(map, 50, 35), at(map, 50, 40), at(map, 55, 20)];
    expect(leg).toEqual(Array(5).fill(POSE_LEG));
    // Not past the foot and its radius, nor far to the side.
    expect([at(map, 50, 50), at(map, 58, 20)]).toEqual([POSE_NONE, POSE_NONE]);
  });

  it('marks an arm that crosses a leg as an arm', () => {
    const map = poseMap(
      {
        ...NO_POSE,
        forearms: [{ elbow: { x: 30, y: 25 }, wrist: { x: 50, y: 25 } }],
        shins: [{ knee: { x: 50, y: 5 }, ankle: { x: 50, y: 45 } }],
      },
      width,
      height,
    );
    expect([at(map, 50, 25), at(map, 50, 40)]).toEqual([POSE_ARM_OR_HEAD, POSE_LEG]);
  });
});

describe('closing the gaps along a forearm', () => {
  // A forearm from (20, 30) to (60, 30), 5 px thick: its closing radius is 6 px (0.15 of 40).
  const forearm = { elbow: { x: 20, y: 30 }, wrist: { x: 60, y: 30 } };
  const pose = { ...NO_POSE, forearms: [forearm] };
  const bar = (from: number, to: number, gap: [number, number] = [0, -1]) => {
    const mask = new Uint8Array(width * height);
    for (let y = 28; y <= 32; y++)
      for (let x = from; x <= to; x++) if (x < gap[0] || x > gap[1]) mask[y * width + x] = 1;
    return mask;
  };

  it('fills a gap up to twice the radius inside its capsule, and only the gap', () => {
    const added = closedAlongForearms(bar(20, 60, [34, 45]), pose, width, height); // 12 px
    expect([at(added, 34, 30), at(added, 40, 28), at(added, 45, 32)]).toEqual([1, 1, 1]);
    // Not the wall beside the arm, nor what is already the child.
    expect([at(added, 40, 35), at(added, 40, 25), at(added, 30, 30)]).toEqual([0, 0, 0]);
    // A gap one pixel wider is two pieces of something, not one arm.
    expect(closedAlongForearms(bar(20, 60, [34, 46]), pose, width, height).some(Boolean)).toBe(false);
  });

  it('leaves gaps alone where the pose model saw no forearm, and the wall between a hand and the edge', () => {
    expect(
      closedAlongForearms(bar(20, 60, [38, 41]), { ...pose, forearms: [] }, width, height).some(Boolean),
    ).toBe(false);
    // A hand 3 px from the photo's right edge: past the edge is background, not child.
    const nearEdge = { ...pose, forearms: [{ elbow: { x: 70, y: 30 }, wrist: { x: 95, y: 30 } }] };
    expect(closedAlongForearms(bar(70, 96), nearEdge, width, height).some(Boolean)).toBe(false);
  });
});
