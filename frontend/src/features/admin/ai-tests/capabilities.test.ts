import { IMAGE_CAPABILITY_NAMES } from '@shared/rules/image-capabilities';
import { describe, expect, it } from 'vitest';
import { capabilityVariable } from './capabilities';

describe('capabilityVariable', () => {
  it("names each capability's routing variable as the README lists them", () => {
    expect(IMAGE_CAPABILITY_NAMES.map(capabilityVariable)).toEqual([
      'IMAGE_AI_DETECT_FACES',
      'IMAGE_AI_AGE_PROGRESS',
      'IMAGE_AI_REMOVE_BACKGROUND',
      'IMAGE_AI_FACE_SWAP',
      'IMAGE_AI_GENERATE_SCENE',
    ]);
  });
});
