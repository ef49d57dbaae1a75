import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { classifyS3, deleteObjectsKeys, s3NeedsBody } from './classify-s3';

const S3 = 'arn:aws:s3:::';
const classify = (method: string, url: string, headers: IncomingHttpHeaders = {}, body?: string) =>
  classifyS3({ method, url, headers }, body);
const checksOf = (method: string, url: string, headers: IncomingHttpHeaders = {}, body?: string) => {
  const c = classify(method, url, headers, body);
  return c.kind === 'checked' ? c.checks.map((x) => `${x.action} ${x.resource}`) : c.kind;
};

describe('classifyS3: objects', () => {
  it('GET and HEAD read the object, and a missing one answers by the bucket’s ListBucket', () => {
    for (const method of ['GET', 'HEAD']) {
      expect(classify(method, '/renders/compositions/c1/free.jpg?x-id=GetObject')).toEqual({
        kind: 'checked',
        operation: method === 'GET' ? 'GetObject' : 'HeadObject',
        checks: [{ action: 's3:GetObject', resource: `${S3}renders/compositions/c1/free.jpg` }],
        missingKeyBucket: `${S3}renders`,
      });
    }
  });

  it('decodes the key as S3 does (path-style, percent-encoded)', () => {
    expect(checksOf('GET', '/uploads/users/a%20b/%C3%A9t%C3%A9.jpg')).toEqual([
      `s3:GetObject ${S3}uploads/users/a b/été.jpg`,
    ]);
  });

  it('PUT writes; tagging in the header or the presigned query also needs PutObjectTagging', () => {
    expect(checksOf('PUT', '/uploads/incoming/u1')).toEqual([`s3:PutObject ${S3}uploads/incoming/u1`]);
    const tagged = [`s3:PutObject ${S3}uploads/incoming/u1`, `s3:PutObjectTagging ${S3}uploads/incoming/u1`];
    expect(checksOf('PUT', '/uploads/incoming/u1', { 'x-amz-tagging': 'retention=anonymous' })).toEqual(
      tagged,
    );
    expect(
      checksOf('PUT', '/uploads/incoming/u1?x-amz-tagging=retention%3Danonymous&X-Amz-Signature=s'),
    ).toEqual(tagged);
  });

  it('a copy also reads its source, whose bucket decides 404 or 403', () => {
    const c = classify('PUT', '/uploads/users/s/u/original.jpg', {
      'x-amz-copy-source': 'uploads/temp/sess/u/original%20x.jpg',
      'x-amz-tagging': 'commit=pending',
      'x-amz-tagging-directive': 'REPLACE',
    });
    expect(c).toEqual({
      kind: 'checked',
      operation: 'CopyObject',
      checks: [
        { action: 's3:PutObject', resource: `${S3}uploads/users/s/u/original.jpg` },
        { action: 's3:PutObjectTagging', resource: `${S3}uploads/users/s/u/original.jpg` },
        { action: 's3:GetObject', resource: `${S3}uploads/temp/sess/u/original x.jpg` },
      ],
      missingKeyBucket: `${S3}uploads`,
    });
    expect(checksOf('PUT', '/renders/a', { 'x-amz-copy-source': '/uploads/b?versionId=3' })).toEqual([
      `s3:PutObject ${S3}renders/a`,
      `s3:GetObject ${S3}uploads/b`,
    ]);
  });

  it('?tagging reads, writes and deletes the tags', () => {
    expect(checksOf('GET', '/renders/hd/u/a.jpg?tagging')).toEqual([
      `s3:GetObjectTagging ${S3}renders/hd/u/a.jpg`,
    ]);
    expect(checksOf('PUT', '/renders/hd/u/a.jpg?tagging')).toEqual([
      `s3:PutObjectTagging ${S3}renders/hd/u/a.jpg`,
    ]);
    expect(checksOf('DELETE', '/renders/hd/u/a.jpg?tagging')).toEqual([
      `s3:DeleteObjectTagging ${S3}renders/hd/u/a.jpg`,
    ]);
  });

  it('DELETE deletes; DeleteObjects needs DeleteObject on every key of its body', () => {
    expect(checksOf('DELETE', '/renders/previews/u/a.jpg')).toEqual([
      `s3:DeleteObject ${S3}renders/previews/u/a.jpg`,
    ]);
    const body =
      '<?xml version="1.0"?><Delete><Quiet>true</Quiet><Object><Key>previews/u/a.jpg</Key></Object>' +
      '<Object><Key>hd/u/a&amp;b.jpg</Key></Object></Delete>';
    expect(s3NeedsBody('POST', '/renders?delete')).toBe(true);
    expect(s3NeedsBody('PUT', '/renders/x')).toBe(false);
    expect(classify('POST', '/renders?delete', {}, body)).toEqual({
      kind: 'checked',
      operation: 'DeleteObjects',
      checks: [
        { action: 's3:DeleteObject', resource: `${S3}renders/previews/u/a.jpg` },
        { action: 's3:DeleteObject', resource: `${S3}renders/hd/u/a&b.jpg` },
      ],
    });
    expect(deleteObjectsKeys('<Delete></Delete>')).toEqual([]);
    expect(classify('POST', '/renders?delete', {}, '<Delete/>').kind).toBe('unrecognised');
  });

  it('multipart uploads are PutObject; aborting one is AbortMultipartUpload', () => {
    expect(checksOf('POST', '/uploads/big?uploads')).toEqual([`s3:PutObject ${S3}uploads/big`]);
    expect(checksOf('POST', '/uploads/big?uploads', { 'x-amz-tagging': 'a=b' })).toEqual([
      `s3:PutObject ${S3}uploads/big`,
      `s3:PutObjectTagging ${S3}uploads/big`,
    ]);
    expect(checksOf('PUT', '/uploads/big?partNumber=1&uploadId=x')).toEqual([
      `s3:PutObject ${S3}uploads/big`,
    ]);
    expect(checksOf('POST', '/uploads/big?uploadId=x')).toEqual([`s3:PutObject ${S3}uploads/big`]);
    expect(checksOf('GET', '/uploads/big?uploadId=x')).toEqual([
      `s3:ListMultipartUploadParts ${S3}uploads/big`,
    ]);
    expect(checksOf('DELETE', '/uploads/big?uploadId=x')).toEqual([
      `s3:AbortMultipartUpload ${S3}uploads/big`,
    ]);
  });
});

describe('classifyS3: buckets and the rest', () => {
  it('listing and HEAD bucket are ListBucket on the bucket', () => {
    expect(checksOf('GET', '/uploads?list-type=2&prefix=users%2F')).toEqual([`s3:ListBucket ${S3}uploads`]);
    expect(checksOf('GET', '/uploads/?list-type=2')).toEqual([`s3:ListBucket ${S3}uploads`]);
    expect(checksOf('HEAD', '/uploads')).toEqual([`s3:ListBucket ${S3}uploads`]);
  });

  it('names the bucket-level calls', () => {
    expect(checksOf('PUT', '/uploads')).toEqual([`s3:CreateBucket ${S3}uploads`]);
    expect(checksOf('PUT', '/uploads?cors')).toEqual([`s3:PutBucketCORS ${S3}uploads`]);
    expect(checksOf('GET', '/uploads?location')).toEqual([`s3:GetBucketLocation ${S3}uploads`]);
    expect(checksOf('DELETE', '/uploads')).toEqual([`s3:DeleteBucket ${S3}uploads`]);
    expect(checksOf('GET', '/')).toEqual(['s3:ListAllMyBuckets *']);
  });

  it('lets CORS preflights through: they carry no credentials and S3 answers them without IAM', () => {
    expect(classify('OPTIONS', '/uploads/incoming/u1')).toEqual({
      kind: 'public',
      operation: 'CORS preflight',
    });
  });

  it('does not guess what it does not know', () => {
    expect(classify('PATCH', '/uploads/x').kind).toBe('unrecognised');
    expect(classify('POST', '/uploads/x').kind).toBe('unrecognised');
    expect(classify('GET', '/uploads/%E0%A4%A').kind).toBe('unrecognised');
  });
});
