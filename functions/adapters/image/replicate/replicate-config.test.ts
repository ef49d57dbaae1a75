import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fillTemplate } from './input-template';
import {
  DEFAULT_TIMEOUT_SECONDS,
  REPLICATE_API_BASE,
  ReplicateConfigError,
  replicateConfigOf,
} from './replicate-config';

const problemsOf = (env: Record<string, string>) => {
  try {
    replicateConfigOf(env);
  } catch (error) {
    if (error instanceof ReplicateConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('Replicate configuration', () => {
  it('defaults to commercially usable models, their list prices, no token and a 120 s timeout', () => {
    const config = replicateConfigOf({});
    expect(config.apiBase).toBe(REPLICATE_API_BASE);
    expect(config.apiToken).toBeUndefined();
    expect(config.timeoutSeconds).toBe(DEFAULT_TIMEOUT_SECONDS);
    expect(config.slots.ageProgress.model).toEqual({
      id: 'black-forest-labs/flux-kontext-pro',
      owner: 'black-forest-labs',
      name: 'flux-kontext-pro',
    });
    expect(config.slots.ageProgress.price).toEqual({ usd: 0.04, per: 'run' });
    expect(config.slots.generateScene.model.id).toBe('black-forest-labs/flux-schnell');
    expect(config.slots.promptTest.model.id).toBe('black-forest-labs/flux-dev');
    expect(config.slots.removeBackground.model.id).toBe('bria/remove-background');
    // No price we could verify: the cost is logged as unknown rather than guessed.
    expect(config.slots.removeBackground.price).toBeNull();
  });

  it('reads the token, webhook secret, API base and timeout', () => {
    const config = replicateConfigOf({
      REPLICATE_API_TOKEN: 'r8_x',
      REPLICATE_WEBHOOK_SECRET: 'whsec_abc',
      REPLICATE_API_BASE: 'http://127.0.0.1:8790/v1/',
      REPLICATE_TIMEOUT_SECONDS: '2.5',
      REPLICATE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:replicate',
    });
    expect(config).toMatchObject({
      apiToken: 'r8_x',
      webhookSecret: 'whsec_abc',
      apiBase: 'http://127.0.0.1:8790/v1',
      timeoutSeconds: 2.5,
      secretArn: 'arn:aws:secretsmanager:eu-west-1:1:secret:replicate',
    });
  });

  it('takes a model as owner/name or owner/name:version, its inputs as JSON and its price per run or per second', () => {
    const config = replicateConfigOf({
      REPLICATE_MODEL_AGE_PROGRESS:
        'someone/ageing-model:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
      REPLICATE_INPUT_AGE_PROGRESS: '{"image":"{{image}}","age":"{{targetAge}}","steps":30}',
      REPLICATE_PRICE_AGE_PROGRESS: '0.0014/s',
      REPLICATE_PRICE_FACE_SWAP: '0.08/run',
    });
    expect(config.slots.ageProgress.model).toMatchObject({
      owner: 'someone',
      name: 'ageing-model',
      version: '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
    });
    expect(config.slots.ageProgress.input).toEqual({ image: '{{image}}', age: '{{targetAge}}', steps: 30 });
    expect(config.slots.ageProgress.price).toEqual({ usd: 0.0014, per: 'second' });
    expect(config.slots.faceSwap.price).toEqual({ usd: 0.08, per: 'run' });
  });

  it("drops the default price when another model is named: a cost that is not the model's own is not logged", () => {
    const config = replicateConfigOf({ REPLICATE_MODEL_GENERATE_SCENE: 'someone/scenes' });
    expect(config.slots.generateScene.price).toBeNull();
    const pinned = replicateConfigOf({
      REPLICATE_MODEL_GENERATE_SCENE: 'black-forest-labs/flux-schnell:abc123',
    });
    expect(pinned.slots.generateScene.price).toEqual({ usd: 0.003, per: 'run' });
  });

  it('refuses a malformed model, price, input, base URL or timeout, listing every problem at once', () => {
    const problems = problemsOf({
      REPLICATE_MODEL_FACE_SWAP: 'just-a-name',
      REPLICATE_PRICE_HF_TEST: '4 cents',
      REPLICATE_INPUT_REMOVE_BACKGROUND: '{not json',
      REPLICATE_API_BASE: 'ftp://example.com',
      REPLICATE_TIMEOUT_SECONDS: '0',
    });
    expect(problems).toEqual([
      "REPLICATE_INPUT_REMOVE_BACKGROUND must be a JSON object of the model's inputs",
      'REPLICATE_MODEL_FACE_SWAP must be owner/name or owner/name:version; got "just-a-name"',
      'REPLICATE_PRICE_HF_TEST must look like 0.04/run or 0.0014/s; got "4 cents"',
      'REPLICATE_API_BASE must be an http(s) URL such as https://api.replicate.com/v1; got "ftp://example.com"',
      'REPLICATE_TIMEOUT_SECONDS must be a number of seconds between 0 and 900; got "0"',
    ]);
  });

  it('refuses inputs with a placeholder the capability does not fill, or without the ones it needs', () => {
    expect(
      problemsOf({ REPLICATE_INPUT_GENERATE_SCENE: '{"prompt":"{{prompt}}","image":"{{image}}"}' }),
    ).toEqual([
      'REPLICATE_INPUT_GENERATE_SCENE uses {{image}}, which this capability does not fill in (it has {{prompt}}, {{width}}, {{height}}, {{aspectRatio}}, {{seed}})',
    ]);
    expect(problemsOf({ REPLICATE_INPUT_FACE_SWAP: '{"image":"{{target}}"}' })).toEqual([
      'REPLICATE_INPUT_FACE_SWAP must use {{source}}',
    ]);
    expect(problemsOf({ REPLICATE_INPUT_AGE_PROGRESS: '["{{image}}"]' })).toEqual([
      "REPLICATE_INPUT_AGE_PROGRESS must be a JSON object of the model's inputs",
    ]);
  });

  it('refuses a REPLICATE_ setting that names no capability, and face detection, which is never hosted', () => {
    expect(problemsOf({ REPLICATE_MODEL_AGE_PROGRES: 'a/b', REPLICATE_MODEL_DETECT_FACES: 'a/b' })).toEqual([
      'REPLICATE_MODEL_AGE_PROGRES is not a Replicate setting (capabilities: AGE_PROGRESS, REMOVE_BACKGROUND, FACE_SWAP, GENERATE_SCENE, HF_TEST)',
      'REPLICATE_MODEL_DETECT_FACES is not read: face detection always runs locally (face-api), whichever provider answers',
    ]);
  });

  it('stops the container at start when a Replicate setting is invalid', () => {
    const required = { TABLE_NAME: 't', UPLOADS_BUCKET: 'u', RENDERS_BUCKET: 'r', RENDER_QUEUE_URL: 'q' };
    expect(loadConfig({ ...required, REPLICATE_API_TOKEN: 'r8_x' }).replicate.apiToken).toBe('r8_x');
    expect(() => loadConfig({ ...required, REPLICATE_PRICE_AGE_PROGRESS: 'free' })).toThrow(
      /Replicate configuration: REPLICATE_PRICE_AGE_PROGRESS must look like/,
    );
  });
});

describe('model input templates', () => {
  it('fills placeholders: a whole-string one keeps its type, an absent one drops its key, text is replaced', () => {
    const template = {
      prompt: 'Show the same person at age {{targetAge}}, seed {{seed}}',
      age: '{{targetAge}}',
      seed: '{{seed}}',
      images: ['{{image}}', '{{missing}}'],
      nested: { ratio: '{{aspectRatio}}' },
      steps: 4,
    };
    expect(
      fillTemplate(template, { targetAge: 16, image: 'data:image/jpeg;base64,AA', aspectRatio: '1:1' }),
    ).toEqual({
      prompt: 'Show the same person at age 16, seed ',
      age: 16,
      images: ['data:image/jpeg;base64,AA'],
      nested: { ratio: '1:1' },
      steps: 4,
    });
  });
});
