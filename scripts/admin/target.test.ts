import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filterValue } from '../../functions/adapters/cognito/identity';
import { NoPoolError, resolvePoolTarget } from './target';

const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-target-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolvePoolTarget', () => {
  it('uses a deployed pool when USER_POOL_ID is set', () => {
    expect(resolvePoolTarget({ USER_POOL_ID: 'eu-west-1_X', AWS_REGION: 'eu-west-1' }, dir)).toEqual({
      kind: 'deployed',
      userPoolId: 'eu-west-1_X',
      region: 'eu-west-1',
      endpoint: undefined,
    });
  });

  it("else the running local stack's env.json, and says how to start one when there is none", () => {
    expect(() => resolvePoolTarget({}, dir)).toThrow(NoPoolError);
    writeFileSync(
      path.join(dir, 'env.json'),
      JSON.stringify({
        USER_POOL_ID: 'local_1',
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
      }),
    );
    expect(resolvePoolTarget({}, dir)).toEqual({
      kind: 'local',
      userPoolId: 'local_1',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9229',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });

  it('finds the local stack in LOCAL_DATA_DIR, as npm start and local:wipe do', () => {
    expect(resolvePoolTarget({ LOCAL_DATA_DIR: dir }).userPoolId).toBe('local_1');
  });
});

describe('filterValue', () => {
  it('quotes a ListUsers filter value so an email cannot break out of it', () => {
    expect(filterValue('a@b.c')).toBe('"a@b.c"');
    expect(filterValue('x" or email ^= "')).toBe('"x\\" or email ^= \\""');
  });
});
