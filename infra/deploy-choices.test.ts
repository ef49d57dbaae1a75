/**
 * The deployer's choices about who and what: the address that may claim first-admin setup (context
 * adminEmail), selling the offline simulation's age HD (context sellSimulatedAges), hiding the
 * header's sign-in buttons (context hideAuthButtons) and the age test's demo image (context
 * ageTestDemoImage), read back from the template and through the handlers' own config loader.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ageSaleFactsOf, clientConfigOf } from '../functions/adapters/config';
import { goLiveOf } from '../functions/adapters/go-live';
import { environmentOf, loadConfigFrom } from './testing/function-config';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import { actionsOf, resourcesOf, roleStatements, text } from './testing/template-queries';

let bare: TestStack;
let chosen: TestStack;
beforeAll(() => {
  bare = synthTestStack();
  chosen = synthTestStack({
    adminEmail: ' Ops@Example.com ',
    sellSimulatedAges: true,
    hideAuthButtons: true,
    ageTestDemoImage: 'renders:demo/portrait.jpg',
  });
});

const functionsOf = (t: TestStack) => [
  ...t.stack.api.handlers,
  ['render-worker', t.stack.renderPipeline.worker] as const,
  ['pack-worker', t.stack.packPipeline.worker] as const,
];
const configOf = (t: TestStack, group: 'system' | 'payments' | 'admin') =>
  loadConfigFrom(environmentOf(t.template, t.stack.api.handlers.get(group)!.function));

describe('first admin (context adminEmail)', () => {
  it('names nobody by default, which the go-live page shows as a blocker', () => {
    for (const [name, fn] of functionsOf(bare)) {
      expect(environmentOf(bare.template, fn.function), name).not.toHaveProperty('ADMIN_EMAIL');
    }
    const item = goLiveOf(configOf(bare, 'admin')).items.find((i) => i.id === 'first-admin');
    expect(item?.status).toBe('blocker');
  });

  it('gives the address, lower-cased, to the admin Lambda only', () => {
    for (const [name, fn] of functionsOf(chosen)) {
      const env = environmentOf(chosen.template, fn.function);
      if (name === 'admin') expect(env.ADMIN_EMAIL).toBe('ops@example.com');
      else expect(env, name).not.toHaveProperty('ADMIN_EMAIL');
    }
    expect(configOf(chosen, 'admin').adminEmail).toBe('ops@example.com');
  });

  it('stops the synth at something that is not an email address', () => {
    expect(() => synthTestStack({ adminEmail: 'ops at example.com' })).toThrow(/adminEmail/);
  });
});

describe('age HD on the offline simulation (context sellSimulatedAges)', () => {
  it('is not on sale by default: the public config counts keys read at checkout as live', () => {
    const system = configOf(bare, 'system');
    expect(ageSaleFactsOf(system)).toEqual({
      ageing: 'offline',
      payments: 'unknown',
      sellSimulatedAges: false,
    });
    expect(clientConfigOf(system).ageHdOnSale).toBe(false);
    expect(configOf(bare, 'payments').sellSimulatedAges).toBe(false);
    const item = goLiveOf(configOf(bare, 'admin')).items.find((i) => i.id === 'age-sales');
    expect(item?.status).toBe('blocker');
  });

  it('is on sale once the deployer opts in: the public config, checkout and the go-live page all know', () => {
    for (const [name, fn] of functionsOf(chosen)) {
      const env = environmentOf(chosen.template, fn.function);
      if (['system', 'payments', 'admin'].includes(name)) expect(env.SELL_SIMULATED_AGES, name).toBe('true');
      else expect(env, name).not.toHaveProperty('SELL_SIMULATED_AGES');
    }
    expect(clientConfigOf(configOf(chosen, 'system')).ageHdOnSale).toBe(true);
    expect(configOf(chosen, 'payments').sellSimulatedAges).toBe(true);
    const item = goLiveOf(configOf(chosen, 'admin')).items.find((i) => i.id === 'age-sales');
    expect(item?.status).toBe('warn');
  });
});

describe('the header sign-in buttons (context hideAuthButtons)', () => {
  it('shows them by default, and tells the public config and the go-live page when hidden', () => {
    expect(clientConfigOf(configOf(bare, 'system')).hideAuthButtons).toBe(false);
    for (const [name, fn] of functionsOf(chosen)) {
      const env = environmentOf(chosen.template, fn.function);
      if (['system', 'admin'].includes(name)) expect(env.HIDE_AUTH_BUTTONS, name).toBe('true');
      else expect(env, name).not.toHaveProperty('HIDE_AUTH_BUTTONS');
    }
    expect(clientConfigOf(configOf(chosen, 'system')).hideAuthButtons).toBe(true);
    const item = goLiveOf(configOf(chosen, 'admin')).items.find((i) => i.id === 'auth-buttons');
    expect(item?.value).toMatch(/^hidden/);
  });
});

describe("the age test's demo image (context ageTestDemoImage)", () => {
  const demoReads = (t: TestStack) =>
    roleStatements(t.template, t.stack.api.handlers.get('admin')!.role).filter((statement) =>
      resourcesOf(statement).some((resource) => text(resource).includes('demo/portrait.jpg')),
    );

  it('gives the admin Lambda the setting, and a read of exactly that key', () => {
    expect(environmentOf(bare.template, bare.stack.api.handlers.get('admin')!.function)).not.toHaveProperty(
      'AGE_TEST_DEMO_IMAGE',
    );
    expect(demoReads(bare)).toEqual([]);
    expect(configOf(chosen, 'admin').ageTestDemoImage).toEqual({
      kind: 'object',
      bucket: 'renders',
      key: 'demo/portrait.jpg',
    });
    expect(demoReads(chosen).map(actionsOf)).toEqual([['s3:GetObject']]);
    const item = goLiveOf(configOf(chosen, 'admin')).items.find((i) => i.id === 'age-test-demo-image');
    expect(item).toMatchObject({ status: 'ok', value: 'demo/portrait.jpg in the renders bucket' });
  });

  it('stops the synth at a value of no known form, or a data: URL too long for the environment', () => {
    expect(() => synthTestStack({ ageTestDemoImage: 'http://images.example/a.jpg' })).toThrow(
      /ageTestDemoImage is unusable \(a URL must use https/,
    );
    expect(() => synthTestStack({ ageTestDemoImage: `data:image/jpeg;base64,${'A'.repeat(2000)}` })).toThrow(
      /4 KB/,
    );
  });
});
