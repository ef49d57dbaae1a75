/**
 * The models the replicate provider calls when the configuration names none, chosen for commercial
 * use where we could find one (the README lists licences and prices). Inputs follow each model's
 * published input schema; `{{…}}` are filled in per call.
 */

/** A model slot: one per hosted capability, plus the operators' scene prompt test (/admin/hf-test). */
export const MODEL_SLOTS = [
  'ageProgress',
  'removeBackground',
  'faceSwap',
  'generateScene',
  'promptTest',
] as const;
export type ModelSlot = (typeof MODEL_SLOTS)[number];

export type SlotDefaults = {
  model: string;
  input: Record<string, unknown>;
  /** List price as published when chosen (`0.04/run`); null when we could not verify one. */
  price: string | null;
};

/** Aspect ratios the FLUX text-to-image models accept (they take no width/height). */
export const FLUX_ASPECT_RATIOS = [
  '1:1',
  '16:9',
  '21:9',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '3:4',
  '4:3',
  '9:16',
  '9:21',
] as const;

const fluxTextToImage = {
  prompt: '{{prompt}}',
  aspect_ratio: '{{aspectRatio}}',
  seed: '{{seed}}',
  num_outputs: 1,
  output_format: 'jpg',
  output_quality: 90,
};

export const SLOT_DEFAULTS: Record<ModelSlot, SlotDefaults> = {
  // Instruction-based editing offered through the API for commercial use; the ageing GAN (SAM) is not.
  ageProgress: {
    model: 'black-forest-labs/flux-kontext-pro',
    input: {
      prompt:
        'Show the same person at age {{targetAge}}: same identity, same face shape, same pose, ' +
        'same background, photorealistic',
      input_image: '{{image}}',
      aspect_ratio: 'match_input_image',
      output_format: 'jpg',
      // 2 is the most the model allows with an input image.
      safety_tolerance: 2,
    },
    price: '0.04/run',
  },
  // Bria RMBG 2.0 through Bria's own API: trained on licensed data and offered for commercial use
  // (its open weights are CC BY-NC 4.0; this is the hosted, commercially licensed service).
  removeBackground: {
    model: 'bria/remove-background',
    input: { image: '{{image}}', content_moderation: false },
    price: null,
  },
  // Most face-swap models wrap InsightFace's inswapper (non-commercial); this is FLUX.1 Kontext [pro]
  // with two input images, an instruction-based edit offered for commercial use.
  faceSwap: {
    model: 'flux-kontext-apps/multi-image-kontext-pro',
    input: {
      prompt:
        'Put the face of the child in the second image onto the person in the first image: keep the ' +
        "first image's pose, hair, clothing, lighting and background; same identity as the second " +
        'image; photorealistic',
      input_image_1: '{{target}}',
      input_image_2: '{{source}}',
      aspect_ratio: 'match_input_image',
      output_format: 'jpg',
      safety_tolerance: 2,
    },
    price: null,
  },
  // FLUX.1 [schnell]: Apache-2.0 weights.
  generateScene: { model: 'black-forest-labs/flux-schnell', input: fluxTextToImage, price: '0.003/run' },
  // The hf-test page names FLUX.1 [dev], whose weights are non-commercial: operators' test only.
  promptTest: {
    model: 'black-forest-labs/flux-dev',
    input: { ...fluxTextToImage, go_fast: true },
    price: '0.025/run',
  },
};
