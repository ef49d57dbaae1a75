/**
 * Who is calling, on the local stack: each Lambda signs its AWS calls with an access key id of its
 * own, so the IAM enforcer in front of the emulators (scripts/local/iam/) knows whose role to judge
 * the call by. The stack itself (resources, seeding, tests' own checks) signs as the deployer, which
 * may do anything, as an administrator's credentials may in an account.
 */
import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';

/**
 * `lambda` and the name in PascalCase (`lambdaRenderWorker`): DynamoDB Local refuses any access key
 * id that is not only letters and digits (UnrecognizedClientException), so no dash.
 */
const accessKeyIdOf = (lambda: LambdaName) =>
  `lambda${lambda.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;
const LAMBDA_BY_KEY = new Map<string, LambdaName>(LAMBDA_NAMES.map((name) => [accessKeyIdOf(name), name]));
/** The emulators check no signature; every local identity shares this secret. */
const LOCAL_SECRET = 'local';

/** The deployer's credentials: the stack's own set-up and the tests' direct checks. */
export const DEPLOYER_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: LOCAL_SECRET } as const;

export function lambdaCredentials(lambda: LambdaName) {
  return { accessKeyId: accessKeyIdOf(lambda), secretAccessKey: LOCAL_SECRET };
}

/** The Lambda an access key id belongs to, or undefined (the deployer, or a key nobody issued). */
export function lambdaOfAccessKey(accessKeyId: string): LambdaName | undefined {
  return LAMBDA_BY_KEY.get(accessKeyId);
}

/** The function's name on the local stack (Lambda context, log lines, the IAM enforcer's principal). */
export const localFunctionName = (lambda: LambdaName) => `little-futures-${lambda}`;
