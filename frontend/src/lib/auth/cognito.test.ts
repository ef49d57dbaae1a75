import { describe, expect, it, vi } from 'vitest';

// Only the pure config mapping is under test: Amplify's calls are exercised by the browser tests.
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));

const { amplifyAuthConfig } = await import('./cognito');

const base = {
  region: 'local',
  userPoolId: 'local_abc',
  userPoolClientId: 'client1',
  cognitoEndpoint: '/cognito',
  authFlow: 'USER_PASSWORD_AUTH' as const,
  ageHdOnSale: true,
  hideAuthButtons: false,
};

describe('amplifyAuthConfig', () => {
  it('makes a relative Cognito endpoint absolute on the site origin', () => {
    expect(amplifyAuthConfig(base, 'http://127.0.0.1:19900').Cognito).toMatchObject({
      userPoolId: 'local_abc',
      userPoolClientId: 'client1',
      userPoolEndpoint: 'http://127.0.0.1:19900/cognito',
    });
  });

  it("leaves the endpoint to Amplify in AWS (null) so it uses Cognito's own", () => {
    const config = amplifyAuthConfig({ ...base, cognitoEndpoint: null }, 'https://example.com');
    expect(config.Cognito).not.toHaveProperty('userPoolEndpoint');
  });

  it('refuses a config without a user pool', () => {
    expect(() => amplifyAuthConfig({ ...base, userPoolId: null }, 'https://example.com')).toThrow();
  });
});
