/**
 * Decides whether a caller may perform one action on one resource, as IAM would for a request inside
 * the stack's own account: the caller's identity policies plus the resource's policy (an explicit
 * deny in either wins), judged by @cloud-copilot/iam-simulate over the synthesized policies.
 *
 * LICENCE: @cloud-copilot/iam-simulate is AGPL-3.0. Only the local stack and its tests may import it
 * (this folder); nothing under functions/ may, and it must never end up in a Lambda bundle.
 */
import { anonymousPrincipal, runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import type { LambdaName } from '@shared/deployment';
import { DEPLOYER_CREDENTIALS, lambdaOfAccessKey } from '../lambda-credentials';
import { bindUserPoolId, LOCAL_ACCOUNT, type PolicyDocument, type StackPolicies } from './stack-policies';

export type Caller =
  | { kind: 'deployer' }
  | { kind: 'lambda'; lambda: LambdaName }
  | { kind: 'anonymous' }
  | { kind: 'unknown'; accessKeyId: string };

/** Who signed: a Lambda's key, the deployer's, nobody (unsigned), or a key nobody issued. */
export function callerOfAccessKey(accessKeyId: string | undefined): Caller {
  if (accessKeyId === undefined) return { kind: 'anonymous' };
  if (accessKeyId === DEPLOYER_CREDENTIALS.accessKeyId) return { kind: 'deployer' };
  const lambda = lambdaOfAccessKey(accessKeyId);
  return lambda ? { kind: 'lambda', lambda } : { kind: 'unknown', accessKeyId };
}

/** The caller as a refusal names it: the Lambda's name, `anonymous`, or the unknown key. */
export function callerName(caller: Caller): string {
  if (caller.kind === 'lambda') return caller.lambda;
  if (caller.kind === 'unknown') return `unknown access key ${JSON.stringify(caller.accessKeyId)}`;
  return caller.kind;
}

export type Decision = {
  allowed: boolean;
  /** As AWS names it in an AccessDenied message. */
  principal: string;
  /** Why not, in AWS's words ("because no identity-based policy allows the s3:GetObject action"). */
  because?: string;
};

export type Evaluator = {
  decide(caller: Caller, action: string, resource: string): Promise<Decision>;
  principalOf(caller: Caller): string;
  /** The user pool exists only once ensureResources ran: policies naming it are bound then. */
  setUserPoolId(userPoolId: string): void;
  /** Decisions made, how many the simulator computed (the rest came from the cache), and its time. */
  stats(): { decisions: number; simulated: number; simulatedMs: number };
};

/** The resource whose policy applies: the bucket of an object, the table of an index. */
export function policyHolderOf(resourceArn: string): string {
  if (resourceArn.startsWith('arn:aws:s3:::')) return resourceArn.replace(/^(arn:aws:s3:::[^/]+)\/.*$/, '$1');
  return resourceArn.replace(/^(arn:aws:dynamodb:[^:]*:[^:]*:table\/[^/]+)\/.*$/, '$1');
}

const MAX_CACHED = 20_000;

export function createEvaluator(stackPolicies: StackPolicies): Evaluator {
  let policies = stackPolicies;
  const cache = new Map<string, Promise<Decision>>();
  const stats = { decisions: 0, simulated: 0, simulatedMs: 0 };

  const principalOf = (caller: Caller): string => {
    if (caller.kind === 'lambda') {
      const { roleName, functionName } = policies.lambdas[caller.lambda];
      // What a Lambda's credentials are: a session of its role named after the function.
      return `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${roleName}/${functionName}`;
    }
    if (caller.kind === 'deployer') return `arn:aws:iam::${LOCAL_ACCOUNT}:user/local-deployer`;
    return caller.kind === 'anonymous' ? 'anonymous' : `unknown access key ${caller.accessKeyId}`;
  };

  async function simulate(caller: Caller, action: string, resource: string): Promise<Decision> {
    const principal = principalOf(caller);
    if (caller.kind === 'deployer') return { allowed: true, principal };
    if (caller.kind === 'unknown') {
      return { allowed: false, principal, because: 'because the access key id was never issued' };
    }
    const resourcePolicy = policies.resourcePolicies[policyHolderOf(resource)] as PolicyDocument | undefined;
    const role = caller.kind === 'lambda' ? policies.lambdas[caller.lambda] : undefined;
    const simulation: Simulation = {
      request: {
        principal: role ? principal : anonymousPrincipal,
        action,
        resource: { resource, accountId: LOCAL_ACCOUNT },
        contextVariables: {
          // A Lambda's SDK always talks HTTPS to AWS; locally it is plain HTTP to 127.0.0.1.
          'aws:SecureTransport': 'true',
          ...(role
            ? {
                'aws:PrincipalArn': `arn:aws:iam::${LOCAL_ACCOUNT}:role/${role.roleName}`,
                'aws:PrincipalAccount': LOCAL_ACCOUNT,
                'aws:PrincipalType': 'AssumedRole',
              }
            : {}),
        },
      },
      identityPolicies: role ? role.policies.map((p) => ({ name: p.name, policy: p.document })) : [],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy,
      // Every bucket of the stack blocks public access (infra/constructs/storage.ts).
      additionalSettings: { s3: { blockPublicAccess: true } },
    };
    const started = performance.now();
    const result = await runSimulation(simulation, {});
    stats.simulated++;
    stats.simulatedMs += performance.now() - started;
    if (result.resultType === 'error') {
      // A request classified into something IAM does not know: a bug here, refused loudly.
      return {
        allowed: false,
        principal,
        because: `because the local IAM simulator could not judge it (${JSON.stringify(result.errors)})`,
      };
    }
    if (result.overallResult === 'Allowed') return { allowed: true, principal };
    const explicit = result.overallResult === 'ExplicitlyDenied';
    const kind = role ? 'identity-based' : 'resource-based';
    return {
      allowed: false,
      principal,
      because: explicit
        ? 'with an explicit deny in a policy'
        : `because no ${kind} policy allows the ${action} action`,
    };
  }

  return {
    principalOf,
    decide(caller, action, resource) {
      stats.decisions++;
      const key = `${caller.kind === 'lambda' ? caller.lambda : principalOf(caller)}\n${action}\n${resource}`;
      let decision = cache.get(key);
      if (!decision) {
        if (cache.size >= MAX_CACHED) cache.clear();
        decision = simulate(caller, action, resource);
        cache.set(key, decision);
      }
      return decision;
    },
    setUserPoolId(userPoolId) {
      policies = bindUserPoolId(stackPolicies, userPoolId);
      cache.clear();
    },
    stats: () => ({ ...stats }),
  };
}
