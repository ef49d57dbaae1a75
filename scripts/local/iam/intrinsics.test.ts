// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings are CloudFormation's ${...}, not JavaScript templates.
import { describe, expect, it } from 'vitest';
import {
  type ResolveContext,
  resolveIntrinsics,
  resolveString,
  UnresolvableIntrinsicError,
} from './intrinsics';

const ctx: ResolveContext = {
  resources: {
    Uploads1: { type: 'AWS::S3::Bucket', ref: 'uploads', attributes: { Arn: 'arn:aws:s3:::uploads' } },
    Table1: {
      type: 'AWS::DynamoDB::Table',
      ref: 'little-futures',
      attributes: { Arn: 'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures' },
    },
  },
  pseudo: { 'AWS::Partition': 'aws', 'AWS::Region': 'us-east-1', 'AWS::AccountId': '000000000000' },
};
const resolve = (value: unknown) => resolveIntrinsics(value, ctx, 'TestPolicy');

describe('resolveIntrinsics', () => {
  it('resolves Ref of a resource and of a pseudo parameter', () => {
    expect(resolve({ Ref: 'Uploads1' })).toBe('uploads');
    expect(resolve({ Ref: 'AWS::AccountId' })).toBe('000000000000');
  });

  it('resolves Fn::GetAtt in both its forms', () => {
    expect(resolve({ 'Fn::GetAtt': ['Uploads1', 'Arn'] })).toBe('arn:aws:s3:::uploads');
    expect(resolve({ 'Fn::GetAtt': 'Table1.Arn' })).toBe(
      'arn:aws:dynamodb:us-east-1:000000000000:table/little-futures',
    );
  });

  it('joins, nested intrinsics included (the object ARNs CDK writes)', () => {
    expect(resolve({ 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Uploads1', 'Arn'] }, '/incoming/*']] })).toBe(
      'arn:aws:s3:::uploads/incoming/*',
    );
    expect(resolve({ 'Fn::Join': [':', ['arn', { Ref: 'AWS::Partition' }, 'ses']] })).toBe('arn:aws:ses');
  });

  it('substitutes Fn::Sub variables, pseudo parameters, attributes, refs and ${!literals}', () => {
    expect(
      resolve({
        'Fn::Sub': [
          'arn:${AWS::Partition}:x:${AWS::Region}:${AWS::AccountId}:${Name}/${Table1.Arn}/${Uploads1}/${!Keep}',
          { Name: { Ref: 'Uploads1' } },
        ],
      }),
    ).toBe(
      'arn:aws:x:us-east-1:000000000000:uploads/arn:aws:dynamodb:us-east-1:000000000000:table/little-futures/uploads/${Keep}',
    );
    expect(resolve({ 'Fn::Sub': '${AWS::Region}' })).toBe('us-east-1');
  });

  it('selects from a list', () => {
    expect(resolve({ 'Fn::Select': [1, ['a', { Ref: 'Uploads1' }]] })).toBe('uploads');
  });

  it('resolves inside a whole policy document and leaves plain values alone', () => {
    const document = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:GetObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Uploads1', 'Arn'] }, '/*']] },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        },
      ],
    };
    expect(resolve(document)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:GetObject'],
          Resource: 'arn:aws:s3:::uploads/*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        },
      ],
    });
  });

  it('fails loudly on what it cannot resolve, naming where', () => {
    const cases = [
      { Ref: 'Unknown1' },
      { Ref: 'AWS::StackId' },
      { 'Fn::GetAtt': ['Uploads1', 'WebsiteURL'] },
      { 'Fn::GetAtt': ['Unknown1', 'Arn'] },
      { 'Fn::If': ['IsProd', 'a', 'b'] },
      { 'Fn::ImportValue': 'Other-Export' },
      { 'Fn::Sub': 'arn:${Unknown1.Arn}' },
      { 'Fn::Join': ['', [{ 'Fn::GetAZs': '' }]] },
    ];
    for (const value of cases) {
      expect(() => resolve(value), JSON.stringify(value)).toThrow(UnresolvableIntrinsicError);
      expect(() => resolve(value)).toThrow(/in TestPolicy for the local stack/);
    }
  });

  it('resolveString insists on a string', () => {
    expect(resolveString({ Ref: 'Uploads1' }, ctx, 'x')).toBe('uploads');
    expect(() => resolveString(['a'], ctx, 'x')).toThrow(UnresolvableIntrinsicError);
  });
});
