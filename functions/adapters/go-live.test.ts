import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { goLiveOf } from './go-live';

const required = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'u',
  RENDERS_BUCKET: 'r',
  RENDER_QUEUE_URL: 'q',
};
const statuses = (env: Record<string, string>) =>
  Object.fromEntries(
    goLiveOf(loadConfig({ ...required, ...env })).items.map((i) => [i.id, [i.status, i.value]]),
  );

describe('goLiveOf', () => {
  it('reads the local stack as not ready for production, saying why', () => {
    const local = statuses({
      MAIL_OUTBOX_DIR: '/tmp/outbox',
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_BASE: 'http://127.0.0.1:4242',
      POWERTOOLS_LOG_LEVEL: 'debug',
      USER_POOL_ID: 'local_pool',
      ADMIN_EMAIL: 'admin@example.com',
    });
    expect(local).toMatchObject({
      'log-level': ['warn', 'DEBUG'],
      email: ['warn', 'local outbox (/tmp/outbox)'],
      payments: ['warn', 'local test checkout (http://127.0.0.1:4242)'],
      'ai-provider': ['warn', expect.stringContaining('ageProgress: offline')],
      'sign-in': ['ok', 'Cognito pool local_pool'],
      'site-url': ['warn', expect.any(String)],
      'age-sales': ['warn', 'on sale on the offline simulation (test keys only)'],
      'first-admin': ['ok', 'claimable by admin@example.com only'],
    });
  });

  it('reads a production configuration as ready', () => {
    const prod = statuses({
      MAIL_FROM: 'hello@example.com',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      IMAGE_AI_PROVIDER: 'replicate',
      IMAGE_AI_REMOVE_BACKGROUND: 'offline',
      REPLICATE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:replicate',
      USER_POOL_ID: 'eu-west-1_X',
      SITE_URL: 'https://littlefutures.example',
      ADMIN_EMAIL: 'ops@littlefutures.example',
      AGE_TEST_DEMO_IMAGE: 'renders:demo/portrait.jpg',
    });
    expect(Object.values(prod).map(([status]) => status)).toEqual(Array(10).fill('ok'));
    expect(prod['ai-provider'][1]).toContain('removeBackground: offline');
    expect(prod['ai-provider'][1]).toContain('webhook https://littlefutures.example/api/ai/webhook');
  });

  it('says what hosted ageing still lacks: a token, Replicate itself, a public webhook', () => {
    const item = (env: Record<string, string>) =>
      goLiveOf(loadConfig({ ...required, IMAGE_AI_PROVIDER: 'replicate', ...env })).items.find(
        (i) => i.id === 'ai-provider',
      )!;
    const bare = item({});
    expect(bare.status).toBe('warn');
    expect(bare.hint).toContain('no token is configured');
    expect(bare.hint).toContain('not public HTTPS');
    const onFake = item({
      REPLICATE_API_TOKEN: 'r8_local',
      REPLICATE_API_BASE: 'http://127.0.0.1:8790/v1',
      AI_WEBHOOK_URL: 'http://127.0.0.1:3000/api/ai/webhook',
    });
    expect(onFake.hint).toContain('REPLICATE_API_BASE points at http://127.0.0.1:8790/v1');
    expect(onFake.hint).not.toContain('no token');
  });

  it('says what is missing', () => {
    const bare = statuses({});
    expect(bare.email[0]).toBe('off');
    expect(bare.payments[0]).toBe('off');
    expect(bare['sign-in'][0]).toBe('off');
    expect(bare['log-level']).toEqual(['ok', 'INFO']);
    expect(bare['first-admin']).toEqual(['blocker', 'no address named: nobody can claim it']);
    expect(bare['age-sales'][0]).toBe('off');
  });

  it('blocks age products on the offline simulation with live keys, and warns when the deployer opts in', () => {
    const ageSales = (env: Record<string, string>) =>
      goLiveOf(loadConfig({ ...required, ...env })).items.find((i) => i.id === 'age-sales')!;
    const live = ageSales({ STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(live).toMatchObject({ status: 'blocker' });
    expect(live.value).toContain('age products on the offline simulation with live keys');
    expect(live.hint).toContain('sellSimulatedAges=true');
    const fromSecret = ageSales({ STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:stripe' });
    expect(fromSecret).toMatchObject({ status: 'blocker' });
    expect(fromSecret.value).toContain('keys from Secrets Manager count as live');
    const optedIn = ageSales({ STRIPE_SECRET_KEY: 'sk_live_abc', SELL_SIMULATED_AGES: 'true' });
    expect(optedIn).toMatchObject({ status: 'warn' });
    expect(optedIn.value).toContain('SELL_SIMULATED_AGES=true');
    expect(ageSales({ STRIPE_SECRET_KEY: 'sk_live_abc', IMAGE_AI_AGE_PROGRESS: 'replicate' }).status).toBe(
      'ok',
    );
  });

  it('says whether the header offers sign-in, ready either way', () => {
    expect(statuses({})['auth-buttons']).toEqual(['ok', 'shown (Login, or the account and Sign out)']);
    expect(statuses({ HIDE_AUTH_BUTTONS: 'true' })['auth-buttons']).toEqual([
      'ok',
      'hidden (HIDE_AUTH_BUTTONS=true): /auth and the account pages open by URL only',
    ]);
  });

  it("names the age test's demo image, or says it is unset or unusable", () => {
    expect(statuses({})['age-test-demo-image']).toEqual(['off', 'not set: the page takes an upload only']);
    expect(statuses({ AGE_TEST_DEMO_IMAGE: 'uploads:demo/a.jpg' })['age-test-demo-image']).toEqual([
      'ok',
      'demo/a.jpg in the uploads bucket',
    ]);
    expect(statuses({ AGE_TEST_DEMO_IMAGE: 'a.jpg' })['age-test-demo-image']).toEqual([
      'warn',
      expect.stringMatching(/^unusable: not an https:\/\/ URL/),
    ]);
  });
});
