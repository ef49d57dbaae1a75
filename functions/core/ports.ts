/** The ports the use cases need. Adapters in functions/adapters implement them. */
import type { TargetAge } from '@shared/catalog';
import type { BucketRole } from '@shared/deployment';
import type { MessageKey } from '@shared/messages';
import type { UploadPurpose } from '@shared/rules/upload-file';
import type { JobStatus } from '@shared/schemas/uploads';
import type { RenderTask } from './render/render-tasks';

/**
 * Who is calling: nobody known, a visitor (the session of a token the server signed), a signed-in
 * user, or an admin. `clientIp`: the caller's address, as the router found it (quotas count it).
 */
export type Principal = (
  | { kind: 'anonymous' }
  | { kind: 'visitor'; sessionId: string }
  | {
      kind: 'user';
      sub: string;
      email?: string;
      /** Cognito's email_verified claim: the user proved they receive mail at `email`. */
      emailVerified?: boolean;
      /** Cognito's username (`cognito:username` or `username` claim); the admin APIs take it. */
      username?: string;
      /** The visitor session this browser held (a verified token), for its unmigrated uploads. */
      sessionId?: string;
      isAdmin: boolean;
    }
) & { clientIp?: string };

/** Owner of an upload, as stored: "session:<id>" or "user:<sub>". */
export type OwnerRef = `session:${string}` | `user:${string}`;

export type UploadRecord = {
  id: string;
  owner: OwnerRef;
  status: 'awaiting_file' | 'ready';
  /** Where the browser puts the raw file. */
  incomingKey: string;
  /** The normalised original (oriented, metadata stripped), once complete. */
  fileKey?: string;
  declaredType: string;
  declaredSize: number;
  email?: string;
  migrated: boolean;
  createdAt: string;
  /** Epoch seconds; set for anonymous uploads. */
  expiresAt?: number;
  /** Face found by the first render, reused by the others. */
  face?: FaceBox;
  /** The visitor session the upload was migrated from (its temp/ copy may linger until the lifecycle rule). */
  migratedFrom?: string;
  /** What the photo is for. Only previews get age previews. */
  purpose: UploadPurpose;
  /** The background-removed cut-out, once made (files beside the original). */
  cutout?: CutoutInfo;
};

export type CutoutInfo = {
  width: number;
  height: number;
  createdAt: string;
};

/** A face's 68 landmarks, each [x, y] as fractions of the image's width and height. */
export type FaceLandmarks = [number, number][];

export type RenderJobRecord = {
  uploadId: string;
  age: TargetAge;
  status: JobStatus;
  previewKey?: string;
  hdKey?: string;
  hdUnlocked: boolean;
  failureReason?: string;
  /** Bought renders (age 19): whom to email when done, and the results link to send. */
  notify?: { email: string; link: string };
  /** The order (checkout session) that unlocked or created this job. */
  unlockedBy?: string;
  /** When a bought render's queue message was sent (fulfilment re-sends it until this is set). */
  queuedAt?: string;
  /** A hosted render's current prediction (its webhook or the sweeper finishes the job). */
  prediction?: { id: string; attempt: 1 | 2; provider: string; model: string; startedAt: string };
  /** The identity guard's numbers and the cost of a hosted render (operators see them). */
  hostedCheck?: { identityDistance: number | null; estimatedAge: number | null; costUsd: number | null };
  /** Times the sweeper put it back on the queue since it last started (shared/rules/stuck-jobs.ts). */
  requeues?: number;
  /** Times the parent pressed "Try again". */
  retries?: number;
  /** The preview's 68 face landmarks, normalised (the results page's growth clip); absent when none was found. */
  landmarks?: FaceLandmarks;
  updatedAt: string;
  expiresAt?: number;
};

export interface UploadStore {
  createUpload(upload: UploadRecord): Promise<void>;
  /** The upload and all its jobs in one read. */
  getUploadWithJobs(id: string): Promise<{ upload: UploadRecord; jobs: RenderJobRecord[] } | null>;
  /** Marks the upload ready and creates its jobs in one transaction; false if it was not awaiting its file. */
  markReadyWithJobs(upload: UploadRecord, fileKey: string, jobs: RenderJobRecord[]): Promise<boolean>;
  /** Undo of markReadyWithJobs when queueing failed; an upload deleted meanwhile stays deleted. */
  revertReady(upload: UploadRecord, ages: readonly TargetAge[]): Promise<void>;
  /** false when the upload no longer exists. */
  saveEmail(uploadId: string, email: string): Promise<boolean>;
  saveFace(uploadId: string, face: FaceBox): Promise<void>;
  /**
   * Records the upload's cut-out, made at the files of `owner`; false when the upload no longer
   * exists or changed owner meanwhile (a migration moved it: the files are not where it now looks).
   */
  saveCutout(uploadId: string, cutout: CutoutInfo, owner: OwnerRef): Promise<boolean>;
  /**
   * processing -> done, in one write with a hosted render's check; false when the job was not
   * processing (duplicate delivery).
   */
  completeJob(
    uploadId: string,
    age: TargetAge,
    result: {
      previewKey: string;
      hdKey: string;
      hostedCheck?: RenderJobRecord['hostedCheck'];
      landmarks?: RenderJobRecord['landmarks'];
    },
  ): Promise<boolean>;
  /** Adds one job to a ready upload (operators' age tests); false when the upload is gone or has that age. */
  addJob(job: RenderJobRecord): Promise<boolean>;
  /** Records that these jobs' render messages were sent. */
  markQueued(uploadId: string, ages: readonly TargetAge[]): Promise<void>;
  /** processing -> failed; false when the job was not processing. */
  failJob(uploadId: string, age: TargetAge, reason: string): Promise<boolean>;
  /** A done job's HD key `from` becomes `to` (its HD file made from a source); false when it is not `from`. */
  replaceHdKey(uploadId: string, age: TargetAge, from: string, to: string): Promise<boolean>;
  /**
   * Jobs processing since before `before` (ISO time), oldest first, through the sparse in-progress
   * index: eventually consistent, so the writes below re-check what they act on.
   */
  listStuckJobs(before: string, limit: number): Promise<RenderJobRecord[]>;
  /**
   * Back to processing with a fresh clock, only if the job is still as read (status and updatedAt),
   * so a worker finishing at the same moment or a second click wins or loses cleanly. The sweeper's
   * re-queue counts `requeues`; the parent's retry counts `retries` and starts `requeues` again.
   * Drops the failure reason and any prediction (a new render starts its own). false when it moved on.
   */
  restartJob(job: RenderJobRecord, by: 'sweeper' | 'parent'): Promise<boolean>;
  /** processing, still as read -> failed with a reason (the sweeper's give-up); false when it moved on. */
  failStuckJob(job: RenderJobRecord, reason: string): Promise<boolean>;
  /**
   * Uploads of one owner through gsi1 (eventually consistent: re-read before acting on one).
   * Newest first unless `oldestFirst`; every page when no `limit` is given.
   */
  listByOwner(owner: OwnerRef, opts?: { oldestFirst?: boolean; limit?: number }): Promise<UploadRecord[]>;
  /**
   * Moves uploads to a new owner in ONE transaction (at most 100 items: callers chunk with
   * chunkMigrations). false when a condition failed (an upload was no longer the source's, or
   * already migrated) and nothing was written.
   */
  migrate(plans: MigrationPlan[]): Promise<boolean>;
  /**
   * Deletes the upload and its jobs in one transaction, only if they are still as read: owner,
   * status, cut-out and jobs (a migration, a completion, a cut-out or a render meanwhile recorded
   * files the caller has not deleted); false otherwise, and when the upload is gone.
   */
  deleteUpload(upload: UploadRecord, jobs: RenderJobRecord[]): Promise<boolean>;
  /** Deletes every item of a user's own partition (USER#sub: drafts, credits...). */
  deleteUserItems(sub: string): Promise<void>;
}

/** One upload's move from a visitor session to a signed-in user (items: the upload and each job). */
export type MigrationPlan = {
  upload: UploadRecord;
  /** The upload's jobs as read; each job item's expiry is removed too. */
  jobs: RenderJobRecord[];
  from: OwnerRef;
  to: OwnerRef;
  /** Where the original now lives (users/<sub>/...). */
  fileKey: string;
};

export type BlobBucket = BucketRole;

export interface BlobStore {
  presignPut(
    bucket: BlobBucket,
    key: string,
    opts: { contentType: string; contentLength: number; expiresInSeconds: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** A short-lived GET for the browser; `attachment` makes it save as `fileName`. */
  presignGet(
    bucket: BlobBucket,
    key: string,
    opts: { expiresInSeconds: number; fileName: string; disposition: 'attachment' | 'inline' },
  ): Promise<string>;
  head(bucket: BlobBucket, key: string): Promise<{ size: number; contentType?: string } | null>;
  /** The first bytes of an object (for magic-byte checks). */
  readHead(bucket: BlobBucket, key: string, bytes: number): Promise<Uint8Array>;
  get(bucket: BlobBucket, key: string): Promise<Buffer>;
  put(
    bucket: BlobBucket,
    key: string,
    body: Buffer,
    opts: {
      contentType: string;
      cacheControl?: string;
      anonymous?: boolean;
      /** Written before the transaction that records it: tagged pending until `commit` (PENDING_TAG). */
      pending?: boolean;
    },
  ): Promise<void>;
  delete(bucket: BlobBucket, keys: string[]): Promise<void>;
  /**
   * Server-side copy (migration to an account), without the anonymous retention tag and tagged
   * pending until `commit`: a copy whose transaction never happens expires; idempotent.
   */
  copy(bucket: BlobBucket, fromKey: string, toKey: string): Promise<void>;
  /**
   * After the transaction that records them: removes the pending tag, so the lifecycle rule keeps
   * the objects (an anonymous one keeps its anonymous tag). A missing object is fine.
   */
  commit(bucket: BlobBucket, keys: string[], opts: { anonymous: boolean }): Promise<void>;
  /** Keys under a prefix (tests and operator tools). */
  list(bucket: BlobBucket, prefix: string): Promise<string[]>;
  /** Removes the anonymous retention tag so the lifecycle rule keeps the object; a missing object is fine. */
  clearAnonymousTag(bucket: BlobBucket, key: string): Promise<void>;
}

/** The user directory (Cognito): account deletion and operator roles. */
export interface Identity {
  /** Deletes the user; one that no longer exists is not an error. */
  deleteUser(username: string): Promise<void>;
  /**
   * Revokes the user's refresh tokens on every device (Cognito's AdminUserGlobalSignOut); ID and
   * access tokens already issued stay valid until they expire, hence DeletedAccounts. A user that
   * no longer exists is not an error.
   */
  signOutEverywhere(username: string): Promise<void>;
  /** Adds the user with this email to the `admins` group; throws when no user has that email. */
  addToAdmins(email: string): Promise<{ username: string }>;
  /** Adds this user (by username) to the `admins` group; adding a member again changes nothing. */
  addUserToAdmins(username: string): Promise<void>;
  /** Usernames of the `admins` group's members (the first few: callers only ask "any?" and "me?"). */
  listAdmins(): Promise<string[]>;
}

/**
 * Accounts deleted while their tokens may still verify: writes by such a token are refused at once
 * (functions/handlers/http/router.ts). A marker per account, kept longer than any token lives.
 */
export interface DeletedAccounts {
  markDeleted(sub: string, until: Date): Promise<void>;
  isDeleted(sub: string): Promise<boolean>;
}

/** The CDN in front of public files (CloudFront): drops its cached copies of files that were deleted. */
export interface CdnInvalidator {
  /** Paths as the site serves them, e.g. `/previews/<upload>/10-<hash>.jpg`. */
  invalidate(paths: string[]): Promise<void>;
}

export type RenderMessage = { uploadId: string; age: TargetAge };

export type Email = { to: string; subject: string; text: string; html: string };

/** Sends transactional email (SES in AWS, a file outbox on the local stack). */
export interface Mailer {
  send(email: Email): Promise<void>;
}

export interface RenderQueue {
  enqueue(messages: RenderMessage[]): Promise<void>;
  /** Work for the render worker that is not a render: a prediction to check, a sweep, a test run. */
  enqueueTask(task: RenderTask): Promise<void>;
}

export type FaceBox = {
  /** In the normalised original's pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Direction from chin to crown in radians (0 = straight up), from the landmarks. */
  roll: number;
  /** Age the face model estimates, in years. */
  estimatedAge: number;
  score: number;
};

/** Makes the small watermarked preview of a finished (HD) image: what anyone with the link may see. */

export type NormalisedImage = { jpeg: Buffer; width: number; height: number };

/** The shortest side a photo may have, and what to say when it is shorter (defaults: the age previews'). */
export type PhotoLimits = { minSidePx: number; tooSmall: MessageKey };

/** Validates and normalises an uploaded photo: decode fully, orient, strip metadata. */
export interface ImageInspector {
  /** Throws PhotoRejectedError with the reason when the bytes are not a usable photo. */
  normalise(bytes: Buffer, limits?: PhotoLimits): Promise<NormalisedImage>;
}

/** Checks a sign-in token (a Cognito ID or access token); null when it is not valid. */
export interface TokenVerifier {
  verify(authorization: string): Promise<{ claims: Record<string, string> } | null>;
}

export interface Clock {
  now(): Date;
}
