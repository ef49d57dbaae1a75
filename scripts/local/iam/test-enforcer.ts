/**
 * An IAM enforcer of a test's own, in front of the emulators the `int` global setup started
 * (`inject('emulatorUpstream')`): for a test that runs the app against a user pool of its own (the
 * stack's enforcer knows the stack's pool only, as a role's policy in AWS names one pool), or that
 * changes a policy to prove a refusal. Point the app at it with `endpointEnv(enforcer)`.
 */
import type { EmulatorEndpoints } from '../ports';
import { type IamEnforcer, startIamEnforcer } from './enforcer';
import { loadStackPolicies, type StackPolicies } from './stack-policies';

export type TestEnforcer = IamEnforcer & {
  /** The refusal lines it logged, oldest first. */
  lines: string[];
};

export async function startTestEnforcer(opts: {
  upstream: EmulatorEndpoints;
  userPoolId: string;
  /** The synthesized stack's unless given (e.g. with a grant taken out). */
  policies?: StackPolicies;
}): Promise<TestEnforcer> {
  const port = (url: string) => Number(new URL(url).port);
  const lines: string[] = [];
  const iam = await startIamEnforcer({
    policies: opts.policies ?? (await loadStackPolicies()),
    upstream: {
      dynamodb: port(opts.upstream.dynamodb),
      fauxqs: port(opts.upstream.s3),
      cognito: port(opts.upstream.cognito),
    },
    ports: { dynamodb: 0, fauxqs: 0, cognito: 0 },
    log: (line) => lines.push(line),
  });
  await iam.ready;
  iam.bindResources({ userPoolId: opts.userPoolId });
  return Object.assign(iam, { lines });
}

/** The SDK's endpoint variables, pointed at the enforcer (a test passes them to its app's env). */
export function endpointEnv(iam: Pick<IamEnforcer, 'endpoints'>): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_DYNAMODB: iam.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: iam.endpoints.s3,
    AWS_ENDPOINT_URL_SQS: iam.endpoints.sqs,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: iam.endpoints.cognito,
    S3_PUBLIC_ENDPOINT: iam.endpoints.s3,
  };
}
