/**
 * S3 REST requests, path-style (`/<bucket>/<key>`, as the SDK here and presigned URLs send them), as
 * the permissions S3 checks: object reads and writes, their tagging, copies (which also read the
 * source), multipart uploads, DeleteObjects per key, and the bucket-level calls.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { unescapeXml } from '../emulators/s3-tagging';
import { type Check, type Classification, checked, header } from './classification';
import { localArns } from './stack-policies';

type S3Request = { method: string; url: string; headers: IncomingHttpHeaders };

/** Bucket sub-resources (`?cors`...) and the action each method needs on them. */
const BUCKET_SUBRESOURCES: Record<string, Partial<Record<string, string>>> = {
  policy: { GET: 'GetBucketPolicy', PUT: 'PutBucketPolicy', DELETE: 'DeleteBucketPolicy' },
  cors: { GET: 'GetBucketCORS', PUT: 'PutBucketCORS', DELETE: 'PutBucketCORS' },
  lifecycle: {
    GET: 'GetLifecycleConfiguration',
    PUT: 'PutLifecycleConfiguration',
    DELETE: 'PutLifecycleConfiguration',
  },
  tagging: { GET: 'GetBucketTagging', PUT: 'PutBucketTagging', DELETE: 'PutBucketTagging' },
  acl: { GET: 'GetBucketAcl', PUT: 'PutBucketAcl' },
  versioning: { GET: 'GetBucketVersioning', PUT: 'PutBucketVersioning' },
  notification: { GET: 'GetBucketNotification', PUT: 'PutBucketNotification' },
  encryption: { GET: 'GetEncryptionConfiguration', PUT: 'PutEncryptionConfiguration' },
  ownershipControls: { GET: 'GetBucketOwnershipControls', PUT: 'PutBucketOwnershipControls' },
  publicAccessBlock: { GET: 'GetBucketPublicAccessBlock', PUT: 'PutBucketPublicAccessBlock' },
  location: { GET: 'GetBucketLocation' },
  uploads: { GET: 'ListBucketMultipartUploads' },
  versions: { GET: 'ListBucketVersions' },
};
const BUCKET_DEFAULTS: Record<string, string> = {
  GET: 'ListBucket',
  HEAD: 'ListBucket',
  PUT: 'CreateBucket',
  DELETE: 'DeleteBucket',
};

/** Whether classifying needs the body: DeleteObjects lists its keys in XML. */
export function s3NeedsBody(method: string, url: string): boolean {
  return method === 'POST' && new URL(url, 'http://local').searchParams.has('delete');
}

/** The keys of a DeleteObjects body (`<Delete><Object><Key>k</Key></Object>...`). */
export function deleteObjectsKeys(xml: string): string[] {
  return [...xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unescapeXml(m[1]));
}

/** `x-amz-copy-source`: `[/]<bucket>/<url-encoded key>[?versionId=...]`. */
function copySource(value: string): { bucket: string; key: string } | undefined {
  const [path] = value.split('?');
  const decoded = decodeURIComponent(path.replace(/^\//, ''));
  const slash = decoded.indexOf('/');
  return slash > 0 ? { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) } : undefined;
}

export function classifyS3(req: S3Request, body?: Buffer | string): Classification {
  const { method } = req;
  const url = new URL(req.url, 'http://local');
  const query = url.searchParams;
  const path = url.pathname.slice(1);
  // CORS preflights carry no credentials: S3 answers them from the bucket's CORS rules, not IAM.
  if (method === 'OPTIONS') return { kind: 'public', operation: 'CORS preflight' };
  if (path === '') return checked('ListBuckets', [{ action: 's3:ListAllMyBuckets', resource: '*' }]);
  const slash = path.indexOf('/');
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(slash < 0 ? path : path.slice(0, slash));
    key = slash < 0 ? '' : decodeURIComponent(path.slice(slash + 1));
  } catch {
    return { kind: 'unrecognised', operation: `S3 ${method} ${url.pathname}` };
  }
  const bucketArn = localArns.bucket(bucket);
  const s3 = (action: string, resource = bucketArn): Check => ({ action: `s3:${action}`, resource });

  if (!key) {
    if (method === 'POST' && query.has('delete')) {
      const keys = deleteObjectsKeys(body?.toString() ?? '');
      if (!keys.length) return { kind: 'unrecognised', operation: 'DeleteObjects' };
      return checked(
        'DeleteObjects',
        keys.map((k) => s3('DeleteObject', `${bucketArn}/${k}`)),
      );
    }
    const sub = Object.keys(BUCKET_SUBRESOURCES).find((name) => query.has(name));
    const action = sub ? BUCKET_SUBRESOURCES[sub][method] : BUCKET_DEFAULTS[method];
    return action
      ? checked(action, [s3(action)])
      : { kind: 'unrecognised', operation: `S3 ${method} bucket` };
  }

  const objectArn = `${bucketArn}/${key}`;
  const object = (action: string) => s3(action, objectArn);
  const tagged = Boolean(header(req.headers, 'x-amz-tagging') ?? query.get('x-amz-tagging'));
  switch (method) {
    case 'GET':
    case 'HEAD': {
      if (method === 'GET' && query.has('tagging'))
        return checked('GetObjectTagging', [object('GetObjectTagging')]);
      if (method === 'GET' && query.has('acl')) return checked('GetObjectAcl', [object('GetObjectAcl')]);
      if (method === 'GET' && query.has('uploadId')) {
        return checked('ListParts', [object('ListMultipartUploadParts')]);
      }
      const operation = method === 'GET' ? 'GetObject' : 'HeadObject';
      return checked(operation, [object('GetObject')], bucketArn);
    }
    case 'PUT': {
      if (query.has('tagging')) return checked('PutObjectTagging', [object('PutObjectTagging')]);
      if (query.has('acl')) return checked('PutObjectAcl', [object('PutObjectAcl')]);
      const checks = [object('PutObject')];
      if (tagged) checks.push(object('PutObjectTagging'));
      const copyHeader = header(req.headers, 'x-amz-copy-source');
      const source = copyHeader ? copySource(copyHeader) : undefined;
      if (copyHeader && !source) return { kind: 'unrecognised', operation: 'CopyObject' };
      if (source) checks.push(s3('GetObject', `${localArns.bucket(source.bucket)}/${source.key}`));
      const part = query.has('uploadId');
      const operation = source ? (part ? 'UploadPartCopy' : 'CopyObject') : part ? 'UploadPart' : 'PutObject';
      return checked(operation, checks, source ? localArns.bucket(source.bucket) : undefined);
    }
    case 'DELETE': {
      if (query.has('tagging')) return checked('DeleteObjectTagging', [object('DeleteObjectTagging')]);
      if (query.has('uploadId')) return checked('AbortMultipartUpload', [object('AbortMultipartUpload')]);
      return checked('DeleteObject', [object('DeleteObject')]);
    }
    case 'POST': {
      if (query.has('uploads')) {
        return checked(
          'CreateMultipartUpload',
          tagged ? [object('PutObject'), object('PutObjectTagging')] : [object('PutObject')],
        );
      }
      if (query.has('uploadId')) return checked('CompleteMultipartUpload', [object('PutObject')]);
      if (query.has('restore')) return checked('RestoreObject', [object('RestoreObject')]);
      if (query.has('select')) return checked('SelectObjectContent', [object('GetObject')]);
      return { kind: 'unrecognised', operation: 'S3 POST object' };
    }
    default:
      return { kind: 'unrecognised', operation: `S3 ${method} object` };
  }
}
