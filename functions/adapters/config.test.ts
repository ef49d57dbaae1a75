import { describe, expect, it } from 'vitest';
import { clientConfigOf, loadConfig } from './config';

const required = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'u',
  RENDERS_BUCKET: 'r',
  RENDER_QUEUE_URL: 'q',
};

describe('clientConfigOf', () => {
  it('points the local browser at the /cognito proxy with USER_PASSWORD_AUTH', () => {
    const config = loadConfig({
      ...required,
      AWS_REGION: 'us-east-1',
      USER_POOL_ID: 'local_abc',
      USER_POOL_CLIENT_ID: 'client-1',
      COGNITO_PUBLIC_ENDPOINT: '/cognito',
    });
    expect(clientConfigOf(config)).toEqual({
      region: 'us-east-1',
      userPoolId: 'local_abc',
      userPoolClientId: 'client-1',
      cognitoEndpoint: '/cognito',
      authFlow: 'USER_PASSWORD_AUTH',
    });
  });

  it('uses SRP against AWS Cognito, and says null where nothing is configured', () => {
    const deployed = loadConfig({ ...required, AWS_REGION: 'eu-west-1', USER_POOL_ID: 'eu-west-1_X' });
    expect(clientConfigOf(deployed)).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_X',
      userPoolClientId: null,
      cognitoEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
    });
  });
});

describe('image AI routes', () => {
  it('sends every capability to the offline provider by default', () => {
    expect(loadConfig(required).imageAi).toEqual({
      detectFaces: 'offline',
      ageProgress: 'offline',
      removeBackground: 'offline',
      faceSwap: 'offline',
      generateScene: 'offline',
    });
  });

  it('routes one capability to another provider by its own variable', () => {
    const routes = loadConfig({
      ...required,
      IMAGE_AI_PROVIDER: 'replicate',
      IMAGE_AI_REMOVE_BACKGROUND: 'offline',
      IMAGE_AI_DETECT_FACES: 'offline',
    }).imageAi;
    expect(routes).toMatchObject({
      ageProgress: 'replicate',
      removeBackground: 'offline',
      detectFaces: 'offline',
    });
    expect(routes.faceSwap).toBe('replicate');
  });

  it('refuses an unknown provider name, saying which variable', () => {
    expect(() => loadConfig({ ...required, IMAGE_AI_GENERATE_SCENE: 'dall-e' })).toThrow(
      /IMAGE_AI_GENERATE_SCENE must be one of offline, replicate; got "dall-e"/,
    );
    expect(() => loadConfig({ ...required, IMAGE_AI_PROVIDER: 'hosted' })).toThrow(/IMAGE_AI_PROVIDER/);
  });
});
