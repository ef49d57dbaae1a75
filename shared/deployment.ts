/**
 * The deployment contract: the facts that the CDK stack, the adapters, the use cases and the local
 * stack must agree on. Which bucket holds what under which prefix, how long S3 keeps it, what the
 * CDN serves, the tag that expires a visitor's files, how often a render is tried, the operators'
 * group and the queue names. Emulators enforce no IAM and no lifecycle rule, so a drifted copy
 * would fail only in AWS: infra builds its rules from here and `infra/deployment-contract.test.ts`
 * reads them back from the synthesized template. Pure TypeScript (the browser may import it).
 */
import type { RouteId } from './api';
import { ANONYMOUS_RETENTION_DAYS, type TargetAge } from './catalog';
import { MOMENTS_CANVAS_PX, MOMENTS_HD_PX } from './rules/placement';

/** The two buckets the app reads and writes (the site bucket and the access logs are infra's own). */
export const BUCKET_ROLES = ['uploads', 'renders'] as const;
export type BucketRole = (typeof BUCKET_ROLES)[number];

/** How long S3 keeps a keepsake export after it was made. */
export const COMPOSITION_RETENTION_DAYS = 30;

export type PrefixContract = {
  bucket: BucketRole;
  /** Ends with a slash; every key of this kind starts with it. */
  prefix: string;
  /** S3 deletes every object under the prefix this many days after it was written. */
  expiresAfterDays?: number;
  /**
   * Keys under the prefix that anyone may GET through the CDN, at the same path (`/<key>`), as
   * patterns relative to the prefix where `*` matches any characters. Everything else is private.
   */
  publicKeys?: readonly string[];
};

/**
 * Every kind of object the app stores. Both buckets also expire objects carrying ANONYMOUS_TAG
 * (a visitor's files under any prefix) or PENDING_TAG (written, never committed), so "kept" below
 * means: kept for signed-in parents, once recorded.
 */
export const S3_PREFIXES = {
  /** Raw browser uploads: they may carry camera metadata, and complete keeps a clean copy. */
  incoming: { bucket: 'uploads', prefix: 'incoming/', expiresAfterDays: 1 },
  /** A visitor's originals and cut-outs, by upload (never by session: keys end up in logs): they expire. */
  visitorFiles: { bucket: 'uploads', prefix: 'temp/', expiresAfterDays: ANONYMOUS_RETENTION_DAYS },
  /** A signed-in parent's originals and cut-outs: kept until they delete them. */
  userFiles: { bucket: 'uploads', prefix: 'users/' },
  /** Watermarked low-resolution age previews: public (shared by link on social media). */
  previews: { bucket: 'renders', prefix: 'previews/', publicKeys: ['*'] },
  /** 2000×2000 age renders: private, reached only through short-lived presigned GETs. */
  hd: { bucket: 'renders', prefix: 'hd/' },
  /**
   * Composer and Moments exports made by the server (HD, and Moments' free ones): private. An export
   * is a download, not a library: the draft can make it again, so nothing here outlives a month.
   * Deleting the photo it was made from (or the account) deletes it at once.
   */
  compositions: { bucket: 'renders', prefix: 'compositions/', expiresAfterDays: COMPOSITION_RETENTION_DAYS },
  /**
   * Background templates: native.jpg is private (only the server composes HD from it); the
   * watermarked full-size wm.jpg (editor canvas, free exports) and thumb.webp are public. The
   * square copies of TEMPLATE_SQUARES (wm-800.jpg, native-2000.jpg) are private: only the server
   * draws from them, and the native one is the clean image.
   */
  templates: { bucket: 'renders', prefix: 'templates/', publicKeys: ['*/wm.jpg', '*/thumb.webp'] },
  /** Outputs of the operators' AI test runs (scene prompts, face swaps): private, and gone in two days. */
  aiTests: { bucket: 'renders', prefix: 'ai-tests/', expiresAfterDays: 2 },
} as const satisfies Record<string, PrefixContract>;

export type PrefixName = keyof typeof S3_PREFIXES;

/** The prefixes of one bucket, in declaration order. */
export function prefixesOf(bucket: BucketRole): PrefixContract[] {
  return Object.values(S3_PREFIXES as Record<PrefixName, PrefixContract>).filter((p) => p.bucket === bucket);
}

/** Public key patterns of a bucket, e.g. `previews/*`: CloudFront serves `/<pattern>`, S3 lets it read them. */
export function publicKeyPatterns(bucket: BucketRole): string[] {
  return prefixesOf(bucket).flatMap((p) => (p.publicKeys ?? []).map((key) => `${p.prefix}${key}`));
}

/** Whether a key matches a pattern where `*` stands for any characters (as in CloudFront and IAM). */
export function matchesKeyPattern(pattern: string, key: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(key);
}

/**
 * The tag that marks a visitor's file. Each bucket's lifecycle deletes tagged objects after
 * ANONYMOUS_RETENTION_DAYS; joining an account removes the tag. If writer and rule ever disagreed,
 * children's photos would silently stop expiring.
 */
export const ANONYMOUS_TAG = {
  key: 'retention',
  value: 'anonymous',
  expiresAfterDays: ANONYMOUS_RETENTION_DAYS,
} as const;
/** The tag as S3's `x-amz-tagging` header (PutObject's Tagging) carries it: `retention=anonymous`. */
export const ANONYMOUS_TAGGING = `${ANONYMOUS_TAG.key}=${ANONYMOUS_TAG.value}`;

/**
 * The tag on a file written BEFORE the transaction that records it (an account migration's copy, a
 * completed upload's normalised original, a cut-out, a render). The commit removes it right after
 * the transaction; a transaction that failed, lost a race or never ran (the Lambda died) leaves it,
 * and each bucket's lifecycle deletes the file after `expiresAfterDays`, so nothing that no item
 * names outlives a crash. Two days leave an operator a working day to mend a commit that failed
 * after its transaction (logged as an error) before S3 deletes a file the table still names.
 */
export const PENDING_TAG = { key: 'commit', value: 'pending', expiresAfterDays: 2 } as const;
/** As the `x-amz-tagging` header carries it: `commit=pending`. */
export const PENDING_TAGGING = `${PENDING_TAG.key}=${PENDING_TAG.value}`;

/** Deliveries of a render message before it moves to the dead-letter queue and the job is failed. */
export const MAX_RENDER_ATTEMPTS = 3;

/** Queue names (in AWS prefixed with the stack name, so that stages can share an account). */
export const QUEUES = {
  render: { name: 'render', deadLetterName: 'render-dlq', maxReceiveCount: MAX_RENDER_ATTEMPTS },
  /** Pack generation runs and the scheduler's ticks; the same retries as a render. */
  pack: { name: 'pack', deadLetterName: 'pack-dlq', maxReceiveCount: MAX_RENDER_ATTEMPTS },
} as const;

/** How often the pack scheduler looks for packs due a scheduled generation (EventBridge rate in AWS). */
export const PACK_SCHEDULE_TICK_MINUTES = 15;

/**
 * How often the render sweeper looks for hosted predictions whose webhook never came (EventBridge
 * rate in AWS). Two minutes keeps a lost webhook's job, and the give-up on a stuck prediction after
 * ten, well inside the 15 minutes a result card waits; a render stuck past those 15 minutes is
 * re-queued or failed by the same tick, at most two minutes later.
 */
export const RENDER_SWEEP_TICK_MINUTES = 2;

/**
 * A visitor's session token lives a day longer than the uploads it may make (the browser renews it
 * once a day of use): a token never expires before the photos it owns.
 */
export const VISITOR_SESSION = { lifetimeDays: ANONYMOUS_RETENTION_DAYS + 1, renewAfterHours: 24 } as const;

/**
 * The viewer's address as CloudFront saw it, set on every /api request by a CloudFront Function
 * (overwriting anything the browser sent): behind CloudFront, API Gateway's sourceIp is an edge's.
 * Trusted only on requests that proved they came through CloudFront (ORIGIN_VERIFY_HEADER).
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** Members of this Cognito group are operators: admin pages and admin routes. */
export const ADMINS_GROUP = 'admins';

// Key builders: the only places that spell a key. Ids are made by the server (UUIDs), never by a caller.

/** Owner of stored files, as uploads record it: a visitor's session or a signed-in user. */
export type FileOwner = `session:${string}` | `user:${string}`;

/**
 * The owner's folder in the uploads bucket: temp (expires) or users/<sub> (kept). A visitor's files
 * are keyed by upload id alone: their session id would otherwise sit in every link and S3 log line.
 */
function ownerFolder(owner: FileOwner): string {
  const [kind, id] = owner.split(':');
  return kind === 'session'
    ? S3_PREFIXES.visitorFiles.prefix.slice(0, -1)
    : `${S3_PREFIXES.userFiles.prefix}${id}`;
}

/**
 * Square copies of a template at the sizes the server draws Moments keepsakes, cover-cropped like
 * the drawing crops the template: a Lambda's first keepsake on a template decodes an image of the
 * canvas's size instead of the 2048 px original and scales nothing. Written beside the template's
 * images by every template source.
 */
export const TEMPLATE_SQUARES = {
  /** Moments' free keepsake, from the watermarked image. */
  free: { from: 'wm', size: MOMENTS_CANVAS_PX },
  /** Moments' HD keepsake, from the clean image. */
  hd: { from: 'native', size: MOMENTS_HD_PX },
} as const;
export type TemplateSquare = (typeof TEMPLATE_SQUARES)[keyof typeof TEMPLATE_SQUARES];

/**
 * The long side of a cut-out's copy for free Moments keepsakes: their canvas never draws a cut-out
 * larger, and the copy decodes in a fraction of the full cut-out's time. Stored beside the
 * cut-out, with the same owner and expiry; what deletes or moves a cut-out handles its copy too.
 */
export const CUTOUT_COPY_SIDE = MOMENTS_CANVAS_PX;

const HD_SOURCE_SUFFIX = '-source.jpg';

/** Whether a job's HD key names a source still to be enlarged (storageKeys.hdSource). */
export const isHdSourceKey = (key: string) => key.endsWith(HD_SOURCE_SUFFIX);

export const storageKeys = {
  /** Where the browser PUTs the raw file. */
  incoming: (uploadId: string) => `${S3_PREFIXES.incoming.prefix}${uploadId}`,
  /** The normalised original (oriented, metadata stripped). */
  original: (owner: FileOwner, uploadId: string) => `${ownerFolder(owner)}/${uploadId}/original.jpg`,
  /** The background-removed cut-out of an upload, beside its original (same owner, same expiry). */
  cutout: (owner: FileOwner, uploadId: string) => `${ownerFolder(owner)}/${uploadId}/cutout.png`,
  /** The cut-out scaled to CUTOUT_COPY_SIDE, for free Moments keepsakes. */
  cutoutCopy: (owner: FileOwner, uploadId: string) =>
    `${ownerFolder(owner)}/${uploadId}/cutout-${CUTOUT_COPY_SIDE}.png`,
  /** The photo behind the cut-out, same size and framing: what the restore brush paints back. */
  cutoutSource: (owner: FileOwner, uploadId: string) => `${ownerFolder(owner)}/${uploadId}/cutout-source.jpg`,
  /** Content-addressed (`hash` of the bytes), so racing deliveries never overwrite each other's files. */
  preview: (uploadId: string, age: TargetAge, hash: string) =>
    `${S3_PREFIXES.previews.prefix}${uploadId}/${age}-${hash}.jpg`,
  hd: (uploadId: string, age: TargetAge, hash: string) =>
    `${S3_PREFIXES.hd.prefix}${uploadId}/${age}-${hash}.jpg`,
  /** A hosted render at its model's own size, until its first HD download enlarges it (isHdSourceKey). */
  hdSource: (uploadId: string, age: TargetAge, hash: string) =>
    `${S3_PREFIXES.hd.prefix}${uploadId}/${age}-${hash}${HD_SOURCE_SUFFIX}`,
  template: (templateId: string, file: 'native.jpg' | 'wm.jpg' | 'thumb.webp') =>
    `${S3_PREFIXES.templates.prefix}${templateId}/${file}`,
  /** A square copy of a template: `wm-800.jpg`, `native-2000.jpg`. */
  templateSquare: (templateId: string, square: TemplateSquare) =>
    `${S3_PREFIXES.templates.prefix}${templateId}/${square.from}-${square.size}.jpg`,
  /** An operator's AI test run output. */
  aiTestOutput: (runId: string) => `${S3_PREFIXES.aiTests.prefix}${runId}.jpg`,
  /** One composition's export: `hd` (paid, from the clean template) or `free` (watermarked). */
  composition: (compositionId: string, quality: 'hd' | 'free') =>
    `${S3_PREFIXES.compositions.prefix}${compositionId}/${quality}.jpg`,
};

/**
 * Log lines an operator must hear about: a JSON log with `alert` set to one of these (e.g.
 * `{ "alert": "refund", ... }`) raises the alarm of that name, which mails the alarm topic.
 * Written by core/payments: every refund the app makes or hears of (`refund`), every dispute
 * (`dispute`), and a paid render that failed for good (`paid-render-failed`, refunded or not).
 */
export const LOG_ALERTS = ['refund', 'dispute', 'paid-render-failed'] as const;
export type LogAlert = (typeof LOG_ALERTS)[number];

/**
 * The header CloudFront adds to every request it forwards to the HTTP API, with a secret value the API
 * Lambdas compare: a call straight to the execute-api address (which skips the WAF) is refused.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The query parameter of the webhook URLs Stripe and the AI provider are given. The WAF (the local
 * gateway likewise) refuses a webhook request without the right key before anything counts it, so
 * unsigned junk cannot use up the webhook's throttle; the handler still checks the signature.
 */
export const WEBHOOK_KEY_PARAM = 'key';

/** `url` as a webhook sender must call it: with the key (an empty url or key leaves it as it is). */
export function keyedWebhookUrl(url: string, key: string | undefined): string {
  if (!url || !key) return url;
  const keyed = new URL(url);
  keyed.searchParams.set(WEBHOOK_KEY_PARAM, key);
  return keyed.href;
}

export type RouteThrottle = { rateLimit: number; burstLimit: number };
/** API Gateway's stage default, per route: requests per second and burst. */
export const DEFAULT_ROUTE_THROTTLE: RouteThrottle = { rateLimit: 50, burstLimit: 100 };
/**
 * Routes with their own limits. The costly public routes (each starts image work or a presigned upload)
 * get less than the default, well above what a family clicks; the two signed webhooks get their own
 * bucket, so a flood of public calls never makes API Gateway refuse Stripe's or the AI provider's report.
 */
export const ROUTE_THROTTLES: Partial<Record<RouteId, RouteThrottle>> = {
  stripeWebhook: { rateLimit: 25, burstLimit: 50 },
  aiWebhook: { rateLimit: 25, burstLimit: 50 },
  createUpload: { rateLimit: 10, burstLimit: 20 },
  completeUpload: { rateLimit: 10, burstLimit: 20 },
  createCutout: { rateLimit: 5, burstLimit: 10 },
  createComposition: { rateLimit: 10, burstLimit: 20 },
  createHdComposition: { rateLimit: 5, burstLimit: 10 },
  createComposerHdComposition: { rateLimit: 5, burstLimit: 10 },
};

/** CloudWatch namespace of the business metrics (functions/core/metrics.ts) and the log alerts. */
export const METRICS_NAMESPACE = 'LittleFutures';

/**
 * The app's Lambda functions: one per route group of shared/api.ts, plus the two queue workers.
 * Each has its own composition root (functions/adapters/roots/), bundle and IAM role; the local stack
 * gives each its own credentials so the role's policy is enforced there too (scripts/local/iam/).
 */
export const LAMBDA_NAMES = [
  'system',
  'uploads',
  'account',
  'payments',
  'webhooks',
  'moments',
  'admin',
  'render-worker',
  'pack-worker',
] as const;
export type LambdaName = (typeof LAMBDA_NAMES)[number];

/**
 * The installed app's share target (the manifest's share_target): the service worker answers its
 * POST and sends the parent to `landing` with the photo. Without a service worker in control (the
 * browser dropped it) the POST reaches the site: the CDN and the local gateway send the parent to
 * the same page, which says the photo did not arrive, rather than an error page.
 */
export const SHARE_TARGET = { path: '/share-target', landing: '/upload?shared=1' } as const;
