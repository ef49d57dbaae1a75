import { LAMBDA_NAMES, type LambdaName } from '@shared/deployment';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYER_CREDENTIALS, lambdaCredentials } from '../lambda-credentials';
import {
  type Caller,
  callerName,
  callerOfAccessKey,
  createEvaluator,
  type Evaluator,
  policyHolderOf,
} from './evaluator';
import { loadStackPolicies, type StackPolicies } from './stack-policies';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures';
const POOL = 'arn:aws:cognito-idp:us-east-1:000000000000:userpool/us-east-1_local';
const queue = (name: string) => `arn:aws:sqs:us-east-1:000000000000:${name}`;
const lambda = (name: LambdaName): Caller => ({ kind: 'lambda', lambda: name });

let policies: StackPolicies;
let evaluator: Evaluator;
const allowed = async (caller: Caller, action: string, resource: string) =>
  (await evaluator.decide(caller, action, resource)).allowed;

beforeAll(async () => {
  policies = await loadStackPolicies();
  evaluator = createEvaluator(policies);
  evaluator.setUserPoolId('us-east-1_local');
}, 60_000);

describe('callers', () => {
  it('are told apart by the access key id', () => {
    expect(callerOfAccessKey(lambdaCredentials('moments').accessKeyId)).toEqual(lambda('moments'));
    expect(callerOfAccessKey(DEPLOYER_CREDENTIALS.accessKeyId)).toEqual({ kind: 'deployer' });
    expect(callerOfAccessKey(undefined)).toEqual({ kind: 'anonymous' });
    expect(callerOfAccessKey('AKIAEXAMPLE')).toEqual({ kind: 'unknown', accessKeyId: 'AKIAEXAMPLE' });
    expect(callerName(callerOfAccessKey('lambdaNobody'))).toBe('unknown access key "lambdaNobody"');
  });

  it('a Lambda is a session of its own role', () => {
    const role = policies.lambdas.moments.roleName;
    expect(evaluator.principalOf(lambda('moments'))).toBe(
      `arn:aws:sts::000000000000:assumed-role/${role}/little-futures-moments`,
    );
  });
});

describe('the synthesized policies, judged', () => {
  it('the uploads Lambda may write incoming photos, list its bucket and queue renders', async () => {
    expect(await allowed(lambda('uploads'), 's3:PutObject', 'arn:aws:s3:::uploads/incoming/x')).toBe(true);
    expect(await allowed(lambda('uploads'), 's3:ListBucket', 'arn:aws:s3:::uploads')).toBe(true);
    expect(await allowed(lambda('uploads'), 'dynamodb:Query', `${TABLE}/index/gsi1`)).toBe(true);
    expect(await allowed(lambda('uploads'), 'sqs:SendMessage', queue('render'))).toBe(true);
    // ...but not write previews, nor query an index the policy does not name.
    expect(await allowed(lambda('uploads'), 's3:PutObject', 'arn:aws:s3:::renders/previews/u/a.jpg')).toBe(
      false,
    );
    expect(await allowed(lambda('uploads'), 'dynamodb:Query', `${TABLE}/index/gsi9`)).toBe(false);
  });

  it('the system Lambda may not touch the table', async () => {
    for (const action of ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']) {
      const decision = await evaluator.decide(lambda('system'), action, TABLE);
      expect(decision.allowed, action).toBe(false);
      expect(decision.because).toBe(`because no identity-based policy allows the ${action} action`);
    }
  });

  it('the moments Lambda may write compositions and list renders (a missing keepsake is a 404), not uploads', async () => {
    expect(await allowed(lambda('moments'), 's3:ListBucket', 'arn:aws:s3:::renders')).toBe(true);
    expect(await allowed(lambda('moments'), 's3:ListBucket', 'arn:aws:s3:::uploads')).toBe(false);
    expect(
      await allowed(lambda('moments'), 's3:PutObject', 'arn:aws:s3:::renders/compositions/c/free.jpg'),
    ).toBe(true);
    expect(await allowed(lambda('moments'), 's3:GetObject', 'arn:aws:s3:::renders/templates/t/wm.jpg')).toBe(
      true,
    );
    expect(await allowed(lambda('moments'), 's3:PutObject', 'arn:aws:s3:::renders/templates/t/wm.jpg')).toBe(
      false,
    );
  });

  it('workers consume their own queue only; the admin Lambda manages the admins group', async () => {
    expect(await allowed(lambda('render-worker'), 'sqs:ReceiveMessage', queue('render'))).toBe(true);
    expect(await allowed(lambda('render-worker'), 'sqs:ReceiveMessage', queue('pack'))).toBe(false);
    expect(await allowed(lambda('pack-worker'), 'sqs:DeleteMessage', queue('pack'))).toBe(true);
    expect(await allowed(lambda('admin'), 'cognito-idp:AdminAddUserToGroup', POOL)).toBe(true);
    expect(await allowed(lambda('account'), 'cognito-idp:AdminAddUserToGroup', POOL)).toBe(false);
    expect(await allowed(lambda('account'), 'cognito-idp:AdminDeleteUser', POOL)).toBe(true);
  });

  it('the pool is only known once bound: before, no grant names it', async () => {
    const fresh = createEvaluator(policies);
    expect(await fresh.decide(lambda('admin'), 'cognito-idp:AdminAddUserToGroup', POOL)).toMatchObject({
      allowed: false,
    });
  });

  it('the deployer may do anything; unsigned calls get what the bucket policy gives anyone (nothing)', async () => {
    expect(await allowed({ kind: 'deployer' }, 'dynamodb:DeleteTable', TABLE)).toBe(true);
    const anonymous = await evaluator.decide(
      { kind: 'anonymous' },
      's3:GetObject',
      'arn:aws:s3:::renders/previews/x.jpg',
    );
    expect(anonymous).toEqual({
      allowed: false,
      principal: 'anonymous',
      because: 'because no resource-based policy allows the s3:GetObject action',
    });
    expect(
      await allowed({ kind: 'unknown', accessKeyId: 'x' }, 's3:GetObject', 'arn:aws:s3:::uploads/x'),
    ).toBe(false);
  });

  it("an explicit deny in a resource's policy wins over the role's allow", async () => {
    const denying = structuredClone(policies);
    denying.resourcePolicies['arn:aws:s3:::uploads'] = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Principal: { AWS: '*' },
          Action: 's3:PutObject',
          Resource: 'arn:aws:s3:::uploads/*',
        },
      ],
    };
    const decision = await createEvaluator(denying).decide(
      lambda('uploads'),
      's3:PutObject',
      'arn:aws:s3:::uploads/a',
    );
    expect(decision).toMatchObject({ allowed: false, because: 'with an explicit deny in a policy' });
  });

  it('an action IAM does not know is refused, never allowed', async () => {
    const decision = await evaluator.decide(lambda('moments'), 's3:Bogus', 'arn:aws:s3:::renders');
    expect(decision.allowed).toBe(false);
    expect(decision.because).toMatch(/could not judge it/);
  });

  it('finds the policy of the bucket or table behind an object or index', () => {
    expect(policyHolderOf('arn:aws:s3:::uploads/users/a/b.jpg')).toBe('arn:aws:s3:::uploads');
    expect(policyHolderOf(`${TABLE}/index/gsi1`)).toBe(TABLE);
    expect(policyHolderOf(queue('render'))).toBe(queue('render'));
  });
});

describe('cost', () => {
  it('a decision costs about a millisecond, a repeated one next to nothing', async () => {
    const judge = createEvaluator(policies);
    const callers = LAMBDA_NAMES.map(lambda);
    // Warm the simulator's lazily loaded action data first.
    await judge.decide(callers[0], 's3:GetObject', 'arn:aws:s3:::uploads/warm');
    const n = 200;
    let started = performance.now();
    for (let i = 0; i < n; i++) {
      await judge.decide(
        callers[i % callers.length],
        's3:GetObject',
        `arn:aws:s3:::uploads/users/${i}/a.jpg`,
      );
    }
    const fresh = (performance.now() - started) / n;
    started = performance.now();
    for (let i = 0; i < n; i++) {
      await judge.decide(
        callers[i % callers.length],
        's3:GetObject',
        `arn:aws:s3:::uploads/users/${i}/a.jpg`,
      );
    }
    const repeated = (performance.now() - started) / n;
    console.log(`IAM decision: ${fresh.toFixed(2)} ms simulated, ${(repeated * 1000).toFixed(1)} µs cached`);
    expect(fresh).toBeLessThan(25);
    expect(repeated).toBeLessThan(fresh);
    expect(judge.stats()).toMatchObject({ decisions: 2 * n + 1, simulated: n + 1 });
  });
});
