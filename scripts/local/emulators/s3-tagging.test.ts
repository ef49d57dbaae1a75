import { describe, expect, it } from 'vitest';
import { parseTaggingHeader, parseTaggingXml, taggingXml } from './s3-tagging';

describe('S3 tagging wire formats', () => {
  it('reads the PutObjectTagging body and writes GetObjectTagging answers that round-trip', () => {
    const tags = { retention: 'anonymous', 'a&b': '<x>' };
    const xml = taggingXml(tags);
    expect(xml).toContain('<Key>a&amp;b</Key><Value>&lt;x&gt;</Value>');
    expect(parseTaggingXml(xml)).toEqual(tags);
    expect(parseTaggingXml('<Tagging><TagSet></TagSet></Tagging>')).toEqual({});
  });

  it('reads the x-amz-tagging header as a query string', () => {
    expect(parseTaggingHeader('retention=anonymous&k=v%20w')).toEqual({ retention: 'anonymous', k: 'v w' });
    expect(parseTaggingHeader(undefined)).toEqual({});
  });
});
