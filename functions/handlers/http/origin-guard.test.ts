import { ORIGIN_VERIFY_HEADER } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { httpEvent } from '../../test-support/invoke';
import { createSystemHandler } from '../system';

const call = async (originVerify: string | undefined, headers: Record<string, string> = {}) =>
  (await createSystemHandler(fakeDeps({ originVerify }))(
    httpEvent('health', { headers }),
    {} as Context,
  )) as APIGatewayProxyStructuredResultV2;

describe('only through the site', () => {
  it("refuses a request without CloudFront's origin header, or with a wrong one, when the API expects it", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: 's3cret-but-longer' },
    ];
    for (const headers of wrong) {
      const refused = await call('s3cret', headers);
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body!).error).toEqual({
        code: 'direct_access',
        message: messages.useTheSite,
      });
    }
    expect((await call('s3cret', { [ORIGIN_VERIFY_HEADER]: 's3cret' })).statusCode).toBe(200);
  });

  it('checks nothing where no value is configured (the local stack, tests)', async () => {
    expect((await call(undefined)).statusCode).toBe(200);
  });
});
