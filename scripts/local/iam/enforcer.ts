/**
 * IAM on the local stack: a proxy in front of each emulator (DynamoDB Local, fauxqs' S3 and SQS,
 * cognito-local) refuses every call the caller's role could not make in AWS, with the service's own
 * AccessDenied. Callers are told apart by the access key id they sign with (lambda-credentials.ts):
 * a Lambda is judged by its role's policies from the synthesized stack, the deployer may do anything,
 * unsigned calls are judged as anonymous against the resource's policy, and unknown keys are refused.
 *
 * What the stack sends unsigned passes where AWS evaluates no IAM either: CORS preflights, Cognito's
 * user APIs and the pool's JWKS. The gateway, CloudFront's stand-in, reads the public files (previews,
 * template images) with the deployer's key: in AWS the bucket policy lets CloudFront's service
 * principal read exactly those keys, and the gateway serves no other (gateway/public-files.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { EmulatorEndpoints, EmulatorPorts } from '../ports';
import { accessKeyOf, type Classification } from './classification';
import { classifyCognito } from './classify-cognito';
import { classifyDynamoDb } from './classify-dynamodb';
import { classifyS3, s3NeedsBody } from './classify-s3';
import { classifySqs, isQueueRequest } from './classify-sqs';
import type { DenialShape } from './denials';
import { callerName, callerOfAccessKey, createEvaluator, type Evaluator } from './evaluator';
import { type ProxyRules, type Refused, type RunningProxy, startProxy, type Verdict } from './proxy';
import type { StackPolicies } from './stack-policies';

export type IamService = 'dynamodb' | 's3' | 'sqs' | 'cognito';

/** One refused call, as the tests read them. */
export type Refusal = {
  at: string;
  service: IamService;
  /** The Lambda's name (`moments`), `anonymous`, or the unknown key. */
  caller: string;
  principal: string;
  action: string;
  resource: string;
  /** The API operation (`HeadObject`, `TransactWriteItems`...). */
  operation: string;
  /** `<METHOD> <path>` of the HTTP request. */
  request: string;
};

export type IamEnforcer = {
  /** The proxies' addresses: what the app, the browser and the tests talk to. */
  endpoints: EmulatorEndpoints;
  ports: EmulatorPorts;
  /** Settles once the policies are in (a request that comes earlier waits for them). */
  ready: Promise<void>;
  /** Every refusal since the start (or the last clearRefusals), oldest first. */
  readonly refusals: readonly Refusal[];
  clearRefusals(): void;
  /** The policies' judge (once ready). */
  readonly evaluator: Evaluator;
  /** What ensureResources made: the user pool's id binds the policies that name the pool. */
  bindResources(resources: { userPoolId: string }): void;
  stop(): Promise<void>;
};

const ALLOW: Verdict = { allowed: true };
/** A long `npm start` keeps the latest ones only. */
const MAX_KEPT_REFUSALS = 1000;
/** fauxqs' own health and inspection routes: the emulator's, not an AWS API. */
const FAUXQS_OWN_ROUTES = /^\/(health|_fauxqs\/)/;

export async function startIamEnforcer(opts: {
  /** A promise lets the proxies bind their ports while the stack is still being synthesized. */
  policies: StackPolicies | Promise<StackPolicies>;
  /** Where the emulators themselves listen. */
  upstream: EmulatorPorts;
  /** Where the proxies listen (0: a free port). */
  ports: EmulatorPorts;
  /** Hears one line per refusal: `IAM refused moments: s3:ListBucket on arn:aws:s3:::renders`. */
  log?: (line: string) => void;
}): Promise<IamEnforcer> {
  const log = opts.log ?? ((line: string) => console.warn(line));
  let loaded: Evaluator | undefined;
  let userPoolId: string | undefined;
  const ready = Promise.resolve(opts.policies).then((policies) => {
    loaded = createEvaluator(policies);
    if (userPoolId) loaded.setUserPoolId(userPoolId);
  });
  // Whoever started us awaits `ready`; a request meanwhile fails on its own.
  ready.catch(() => undefined);
  const refusals: Refusal[] = [];

  function refuse(
    service: IamService,
    shape: DenialShape,
    req: IncomingMessage,
    operation: string,
    denial: Refused['denial'],
    caller: string,
  ): Refused {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    refusals.push({
      at: new Date().toISOString(),
      service,
      caller,
      principal: denial.principal,
      action: denial.action,
      resource: denial.resource,
      operation,
      request: `${req.method} ${path}`,
    });
    if (refusals.length > MAX_KEPT_REFUSALS) refusals.shift();
    log(`IAM refused ${caller}: ${denial.action} on ${denial.resource}`);
    return { shape, denial };
  }

  async function judge(
    service: IamService,
    shape: DenialShape,
    req: IncomingMessage,
    classification: Classification,
  ): Promise<Verdict> {
    if (classification.kind === 'public') return ALLOW;
    const caller = callerOfAccessKey(accessKeyOf(req.headers, req.url));
    // The stack's own set-up and the tests' direct checks: an administrator's credentials.
    if (caller.kind === 'deployer') return ALLOW;
    await ready;
    const evaluator = judgeOf();
    const name = callerName(caller);
    const { operation } = classification;
    if (classification.kind === 'unrecognised') {
      const denial = {
        principal: evaluator.principalOf(caller),
        action: operation,
        resource: new URL(req.url ?? '/', 'http://local').pathname,
        because: 'because the local IAM enforcer does not recognise the request (scripts/local/iam/)',
      };
      return { allowed: false, refusal: refuse(service, shape, req, operation, denial, name) };
    }
    const decisions = await Promise.all(
      classification.checks.map(async (check) => ({
        check,
        decision: await evaluator.decide(caller, check.action, check.resource),
      })),
    );
    const denied = decisions.find((d) => !d.decision.allowed);
    if (denied) {
      const { principal, because = '' } = denied.decision;
      const denial = { principal, action: denied.check.action, resource: denied.check.resource, because };
      return { allowed: false, refusal: refuse(service, shape, req, operation, denial, name) };
    }
    const bucket = classification.missingKeyBucket;
    if (!bucket) return ALLOW;
    return {
      allowed: true,
      // S3 tells a missing key (404) only to callers that may list the bucket; others hear 403.
      async onStatus(status) {
        if (status !== 404) return undefined;
        const { allowed, principal, because = '' } = await evaluator.decide(caller, 's3:ListBucket', bucket);
        if (allowed) return undefined;
        const denial = { principal, action: 's3:ListBucket', resource: bucket, because };
        return refuse(service, shape, req, operation, denial, name);
      },
    };
  }

  const judgeOf = () => {
    if (!loaded) throw new Error('The local IAM policies are not loaded yet');
    return loaded;
  };
  const request = (req: IncomingMessage) => ({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
  });
  const rules: Record<'dynamodb' | 'fauxqs' | 'cognito', ProxyRules> = {
    dynamodb: {
      needsBody: (req) => req.method === 'POST',
      judge: (req, body) => judge('dynamodb', 'dynamodb', req, classifyDynamoDb(req.headers, body)),
    },
    // fauxqs answers S3 and SQS (and SNS) on one port; the protocol tells them apart.
    fauxqs: {
      needsBody: (req) =>
        isQueueRequest(req.method ?? '', req.headers) || s3NeedsBody(req.method ?? '', req.url ?? '/'),
      judge: (req, body) => {
        const r = request(req);
        if (isQueueRequest(r.method, r.headers)) {
          const shape = req.headers['x-amz-target'] ? 'sqs-json' : 'sqs-query';
          return judge('sqs', shape, req, classifySqs(r, body));
        }
        if (r.method === 'GET' && FAUXQS_OWN_ROUTES.test(r.url)) return Promise.resolve(ALLOW);
        return judge('s3', 's3', req, classifyS3(r, body));
      },
    },
    cognito: {
      needsBody: (req) => req.method === 'POST' && Boolean(req.headers['x-amz-target']),
      judge: (req, body) => judge('cognito', 'cognito', req, classifyCognito(request(req), body)),
    },
  };

  const started: RunningProxy[] = [];
  try {
    for (const name of ['dynamodb', 'fauxqs', 'cognito'] as const) {
      started.push(
        await startProxy({
          name,
          port: opts.ports[name],
          upstreamPort: opts.upstream[name],
          rules: rules[name],
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(started.map((p) => p.stop()));
    throw error;
  }
  const [dynamodb, fauxqs, cognito] = started;
  return {
    endpoints: {
      dynamodb: dynamodb.endpoint,
      s3: fauxqs.endpoint,
      sqs: fauxqs.endpoint,
      cognito: cognito.endpoint,
    },
    ports: { dynamodb: dynamodb.port, fauxqs: fauxqs.port, cognito: cognito.port },
    ready,
    refusals,
    clearRefusals: () => {
      refusals.length = 0;
    },
    get evaluator() {
      return judgeOf();
    },
    bindResources: (resources) => {
      userPoolId = resources.userPoolId;
      loaded?.setUserPoolId(userPoolId);
    },
    stop: async () => {
      await Promise.allSettled(started.map((p) => p.stop()));
    },
  };
}
