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
      ageHdOnSale: true,
      hideAuthButtons: false,
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
      ageHdOnSale: true,
      hideAuthButtons: false,
    });
  });

  it('says age HD is not on sale when the offline engine meets live keys, or keys read at checkout', () => {
    const onSale = (env: Record<string, string>) =>
      clientConfigOf(loadConfig({ ...required, ...env })).ageHdOnSale;
    expect(onSale({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toBe(false);
    expect(onSale({ STRIPE_SECRET_KEY: 'rk_live_abc', IMAGE_AI_PROVIDER: 'replicate' })).toBe(true);
    expect(onSale({ STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:stripe' })).toBe(false);
    expect(onSale({ STRIPE_SECRET_KEY: 'sk_test_local' })).toBe(true);
    expect(onSale({ STRIPE_SECRET_KEY: 'sk_live_abc', IMAGE_AI_AGE_PROGRESS: 'replicate' })).toBe(true);
    expect(onSale({ STRIPE_SECRET_KEY: 'sk_live_abc', SELL_SIMULATED_AGES: 'true' })).toBe(true);
  });
});

describe('first admin and simulated ages', () => {
  it('reads ADMIN_EMAIL trimmed and lower-cased, and stops at an address that is not one', () => {
    expect(loadConfig({ ...required, ADMIN_EMAIL: ' Ada@Example.COM ' }).adminEmail).toBe('ada@example.com');
    expect(loadConfig(required).adminEmail).toBeUndefined();
    expect(() => loadConfig({ ...required, ADMIN_EMAIL: 'ada at example.com' })).toThrow(/ADMIN_EMAIL/);
  });

  it('sells simulated ages only on SELL_SIMULATED_AGES=true, and stops at another value', () => {
    expect(loadConfig(required).sellSimulatedAges).toBe(false);
    expect(loadConfig({ ...required, SELL_SIMULATED_AGES: 'true' }).sellSimulatedAges).toBe(true);
    expect(() => loadConfig({ ...required, SELL_SIMULATED_AGES: 'yes' })).toThrow(/SELL_SIMULATED_AGES/);
  });
});

describe('the header sign-in buttons and the age test demo image', () => {
  it('hides the auth buttons only on HIDE_AUTH_BUTTONS=true, tells the browser, and stops at another value', () => {
    expect(clientConfigOf(loadConfig(required)).hideAuthButtons).toBe(false);
    expect(clientConfigOf(loadConfig({ ...required, HIDE_AUTH_BUTTONS: 'true' })).hideAuthButtons).toBe(true);
    expect(() => loadConfig({ ...required, HIDE_AUTH_BUTTONS: 'yes' })).toThrow(/HIDE_AUTH_BUTTONS/);
  });

  it('reads AGE_TEST_DEMO_IMAGE in its forms, and keeps an unusable one for the page to explain', () => {
    expect(loadConfig(required).ageTestDemoImage).toBeUndefined();
    expect(loadConfig({ ...required, AGE_TEST_DEMO_IMAGE: 'renders:demo/a.jpg' }).ageTestDemoImage).toEqual({
      kind: 'object',
      bucket: 'renders',
      key: 'demo/a.jpg',
    });
    // A test page's setting never stops the admin Lambda (and its go-live checklist) from starting.
    expect(
      loadConfig({ ...required, AGE_TEST_DEMO_IMAGE: 'http://a.example/x.jpg' }).ageTestDemoImage,
    ).toEqual({
      kind: 'invalid',
      problem: 'a URL must use https://',
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

describe('the AI webhook address', () => {
  it('carries the webhook key the WAF wants, and stays bare (or unset) without one', () => {
    const site = { ...required, SITE_URL: 'https://littlefutures.example' };
    expect(loadConfig({ ...site, WEBHOOK_KEY: 'k3y' }).aiWebhookUrl).toBe(
      'https://littlefutures.example/api/ai/webhook?key=k3y',
    );
    expect(loadConfig(site).aiWebhookUrl).toBe('https://littlefutures.example/api/ai/webhook');
    expect(loadConfig({ ...required, WEBHOOK_KEY: 'k3y' }).aiWebhookUrl).toBe('');
    expect(
      loadConfig({ ...required, AI_WEBHOOK_URL: 'http://localhost:3000/api/ai/webhook', WEBHOOK_KEY: 'k' })
        .aiWebhookUrl,
    ).toBe('http://localhost:3000/api/ai/webhook?key=k');
  });
});
