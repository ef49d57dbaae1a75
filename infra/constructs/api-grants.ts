/**
 * What each route group's Lambda may do, and nothing more. The keys hold upload ids made at run
 * time, so object grants name a prefix with a wildcard (acknowledged one by one with the reason).
 */
import type { RouteGroup } from '@shared/api';
import { S3_PREFIXES } from '@shared/deployment';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { grantObjects, grantSecretValue, grantSendMessage, grantTableItems } from './grants';

export type ApiResources = {
  userPool: cognito.IUserPool;
  table: dynamodb.ITable;
  tableIndexNames: string[];
  uploads: s3.IBucket;
  renders: s3.IBucket;
  renderQueue: sqs.IQueue;
  /** Stripe keys (JSON); read by payments, webhooks and account (deletion ends the subscription). */
  stripeSecret: secretsmanager.ISecret;
  /** Pack generation runs: the admin group queues them (Generate). */
  packQueue?: sqs.IQueue;
  /** The key that signs visitor session tokens; read by VISITOR_GROUPS only. */
  sessionKey: secretsmanager.ISecret;
};

/**
 * Groups whose routes serve visitors (uploads, migration, cut-outs and keepsakes, and checkout, which
 * tells a parent whose visitor session still holds the photo to sign in again): they verify, and the
 * uploads group issues, visitor session tokens. The others never read the key.
 */
export const VISITOR_GROUPS: readonly RouteGroup[] = ['uploads', 'account', 'payments', 'moments'];

type Grant = (role: iam.Role, r: ApiResources) => void;

/**
 * Groups that call Stripe: checkout and cancelling (payments), fulfilment (webhooks) and account
 * deletion, which ends the subscription. Each gets the secret's ARN and may read the secret.
 */
const STRIPE_GROUPS: readonly RouteGroup[] = ['account', 'payments', 'webhooks'];

/** Variables a group needs beyond the shared configuration; each goes with a grant below. */
export function groupEnvironment(group: RouteGroup, r: ApiResources): Record<string, string> {
  return {
    ...(group === 'admin' && r.packQueue ? { PACK_QUEUE_URL: r.packQueue.queueUrl } : {}),
    ...(STRIPE_GROUPS.includes(group) ? { STRIPE_SECRET_ARN: r.stripeSecret.secretArn } : {}),
    ...(VISITOR_GROUPS.includes(group) ? { SESSION_SECRET_ARN: r.sessionKey.secretArn } : {}),
  };
}

/** Fulfilment unlocks jobs and adds credits in the table and queues the renders a purchase adds. */
function grantFulfilment(role: iam.Role, r: ApiResources) {
  grantTableItems(role, r.table, r.tableIndexNames);
  grantSendMessage(role, r.renderQueue);
}

/**
 * Deleting an upload removes its preview and HD files (keys recorded on its jobs) and the keepsakes
 * made from it (keys recorded under the upload).
 */
function deleteRenders(role: iam.Role, r: ApiResources, who: string, actions = ['s3:DeleteObject']) {
  for (const { prefix } of [S3_PREFIXES.previews, S3_PREFIXES.hd]) {
    grantObjects(
      role,
      r.renders,
      actions,
      `${prefix}*`,
      `The ${who} deletes (${actions.join(', ')}) render files under ${prefix} of one upload, named by ` +
        'run-time upload ids; it never reads or writes them.',
    );
  }
  grantObjects(
    role,
    r.renders,
    ['s3:DeleteObject'],
    `${S3_PREFIXES.compositions.prefix}*`,
    `The ${who} deletes the keepsakes made from a deleted upload, compositions/<id>/(free|hd).jpg ` +
      'with run-time ids; it never reads or writes them.',
  );
}

const GROUP_GRANTS: Record<RouteGroup, Grant> = {
  /** Health and the sign-in configuration come from the environment: no AWS access at all. */
  system: () => undefined,

  uploads: (role, r) => {
    grantTableItems(role, r.table, r.tableIndexNames);
    grantObjects(
      role,
      r.uploads,
      ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:GetObject', 's3:DeleteObject'],
      '*',
      'Handlers presign the PUT of a new photo, verify what was stored, write its clean copy tagged ' +
        'pending and take the tag off once recorded, and delete uploads; keys are ' +
        '<owner>/<timestamp> or temp/<session>/<timestamp>, known only at run time.',
    );
    // Without ListBucket, S3 answers 403 instead of 404 for a photo that never arrived.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.uploads.bucketArn] }),
    );
    r.renderQueue.grantSendMessages(role);
    deleteRenders(role, r, 'uploads API (DELETE /api/uploads/{id})');
    // A presigned URL carries the signer's permissions: POST /api/uploads/{id}/hd signs with this role.
    // It also makes a hosted render's HD file from its source on the first download (hd-source.ts):
    // reads the source, writes the file tagged pending, takes the tag off once recorded; and
    // GET /api/uploads/{id}/hd-previews reads the HD files (or sources) to shrink them for the clip.
    grantObjects(
      role,
      r.renders,
      ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging'],
      `${S3_PREFIXES.hd.prefix}*`,
      'POST /api/uploads/{id}/hd presigns short-lived GETs of the unlocked HD files and makes a hosted ' +
        "render's HD file from its stored source on its first download; GET .../hd-previews reads them " +
        'to shrink them for the owner’s growth clip; keyed hd/<upload>/<age>-<hash>.jpg ' +
        'by run-time ids; previews/ stays out of reach.',
    );
  },

  account: (role, r) => {
    // Migration queries gsi1 (OWNER#...) and moves items in one transaction; deletion removes them.
    // Credits and their ledger (GET /api/me/credits) are items of the same table: no extra grant.
    grantTableItems(role, r.table, r.tableIndexNames);
    grantObjects(
      role,
      r.uploads,
      ['s3:GetObject'],
      `${S3_PREFIXES.visitorFiles.prefix}*`,
      'Migration copies a visitor original from temp/<session>/<upload>/ (the copy source is read).',
    );
    grantObjects(
      role,
      r.uploads,
      ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging'],
      `${S3_PREFIXES.userFiles.prefix}*`,
      "Migration writes the copy to users/<sub>/<upload>/original.jpg, the signed-in parent's folder, " +
        'tagged pending, and takes the tag off once the transaction recorded it.',
    );
    grantObjects(
      role,
      r.uploads,
      ['s3:DeleteObject'],
      '*',
      'Migration removes temp/ copies; account deletion removes incoming/, temp/ and users/ files of ' +
        "the parent's uploads, whose keys hold run-time ids.",
    );
    // Migrated renders lose the anonymous retention tag; deleted uploads lose their renders.
    deleteRenders(role, r, 'account API (migration and account deletion)', [
      's3:DeleteObject',
      's3:DeleteObjectTagging',
    ]);
    // Deletion signs the user out everywhere (revokes refresh tokens), then deletes them.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
        resources: [r.userPool.userPoolArn],
      }),
    );
  },

  moments: (role, r) => {
    // Templates (gsi1), drafts, keepsake records, credits and their ledger are items of the table.
    grantTableItems(role, r.table, r.tableIndexNames);
    grantObjects(
      role,
      r.uploads,
      ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:DeleteObject'],
      '*',
      "Cut-outs read the parent's original and write cutout.png and cutout-source.jpg beside it " +
        '(temp/<session>/<upload>/ or users/<sub>/<upload>/, run-time ids), pending until recorded, and ' +
        'delete them again when the upload was deleted meanwhile; keepsakes read them; presigned GETs ' +
        'of cut-outs carry this role.',
    );
    grantObjects(
      role,
      r.renders,
      ['s3:GetObject'],
      `${S3_PREFIXES.templates.prefix}*`,
      'Keepsakes are drawn from templates/<id>/ (native.jpg, wm.jpg or their square copies), template ids known at run time.',
    );
    grantObjects(
      role,
      r.renders,
      ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:DeleteObject'],
      `${S3_PREFIXES.compositions.prefix}*`,
      'Keepsakes are written to compositions/<id>/(free|hd).jpg tagged pending, untagged once recorded, ' +
        'and reached through presigned GETs this role signs; an HD drawing nobody paid for, or of a ' +
        'photo deleted meanwhile, is deleted; ids are made at run time.',
    );
    // A free keepsake looks for an earlier drawing of the same click (HEAD of a key that is usually
    // missing): without ListBucket, S3 answers that 403 instead of 404 and the route would fail.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.renders.bucketArn] }),
    );
  },

  /**
   * Operator routes: the first-admin claim, templates, packs and AI test runs are table items; the
   * setup page reads the `admins` group and adds its first member.
   */
  admin: (role, r) => {
    grantTableItems(role, r.table, r.tableIndexNames);
    grantObjects(
      role,
      r.renders,
      ['s3:PutObject', 's3:DeleteObject'],
      `${S3_PREFIXES.templates.prefix}*`,
      'The template seeder writes templates/<id>/(native.jpg|wm.jpg|thumb.webp) under ids made at run ' +
        'time, and removes them again when a later image of the same import fails.',
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:ListUsersInGroup', 'cognito-idp:AdminAddUserToGroup'],
        resources: [r.userPool.userPoolArn],
      }),
    );
    // Generate queues the pack's run (send only).
    if (r.packQueue) grantSendMessage(role, r.packQueue);
    // The AI test pages queue an age of the operator's own upload and test runs for the render worker,
    // and show what it made through presigned GETs, which carry this role's permission.
    grantSendMessage(role, r.renderQueue);
    grantObjects(
      role,
      r.renders,
      ['s3:GetObject'],
      `${S3_PREFIXES.hd.prefix}*`,
      "The age test page presigns GETs of the HD file of an operator's own test upload, keyed " +
        'hd/<upload>/<age>-<hash>.jpg by run-time ids.',
    );
    grantObjects(
      role,
      r.uploads,
      ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging'],
      `${S3_PREFIXES.userFiles.prefix}*`,
      "The age test on the demo image stores it as the operator's own upload, " +
        'users/<sub>/<upload>/original.jpg with run-time ids, tagged pending until recorded.',
    );
    grantObjects(
      role,
      r.renders,
      ['s3:GetObject'],
      `${S3_PREFIXES.aiTests.prefix}*`,
      'The scene prompt and face swap test pages presign GETs of a run output, ai-tests/<run id>.jpg, ' +
        'run ids made at run time.',
    );
  },

  /** Checkout, cancelling the plan, and confirm, which fulfils when it beats the webhook. */
  payments: grantFulfilment,
  webhooks: grantFulfilment,
};

/**
 * Groups whose routes delete uploads (DELETE /api/uploads/{id}, DELETE /api/me): they, and no other
 * Lambda, may ask CloudFront to drop cached previews (stack.ts grants it once the site exists).
 */
export const DELETING_GROUPS: readonly RouteGroup[] = ['uploads', 'account'];

/** Every group's grants, plus the Stripe secret and the session key for the groups that use them. */
export function grantGroup(group: RouteGroup, role: iam.Role, r: ApiResources) {
  GROUP_GRANTS[group](role, r);
  if (STRIPE_GROUPS.includes(group)) grantSecretValue(role, r.stripeSecret);
  if (VISITOR_GROUPS.includes(group)) grantSecretValue(role, r.sessionKey);
}
