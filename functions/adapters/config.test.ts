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
