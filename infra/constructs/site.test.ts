import { ORIGIN_VERIFY_HEADER, SHARE_TARGET, VIEWER_IP_HEADER } from '@shared/deployment';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import { type CfnJson, logicalId, onlyResource, resources, text } from '../testing/template-queries';
import { contentSecurityPolicy } from './content-security-policy';
import {
  API_PATH_PATTERN,
  SERVICE_WORKER_PATH_PATTERN,
  SHARE_TARGET_CODE,
  SPA_ROUTING_CODE,
  VIEWER_ADDRESS_CODE,
} from './site';

type Origin = {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
  CustomOriginConfig?: Record<string, unknown>;
};
type Behavior = Record<string, CfnJson> & { TargetOriginId: string };

let t: TestStack;
let config: Record<string, CfnJson>;
beforeAll(() => {
  t = synthTestStack();
  config = onlyResource(t.template, 'AWS::CloudFront::Distribution').Properties!.DistributionConfig;
});

const behavior = (pattern: string): Behavior => {
  const found = (config.CacheBehaviors as Behavior[]).find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour for ${pattern}`);
  return found;
};
const originOf = (b: Behavior): Origin =>
  (config.Origins as Origin[]).find((o) => o.Id === b.TargetOriginId)!;
const regionalDomainOf = (construct: Parameters<typeof logicalId>[0]) => ({
  'Fn::GetAtt': [logicalId(construct), 'RegionalDomainName'],
});

describe('Site: CloudFront in front of everything', () => {
  it('serves the SPA from the private site bucket through origin access control', () => {
    const origin = originOf(config.DefaultCacheBehavior);
    expect(origin.DomainName).toEqual(regionalDomainOf(t.stack.site.bucket));
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('routes the SPA with a viewer-request function, not with distribution-wide error pages', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalId(t.stack.site.node.findChild('SpaRouting')), 'FunctionARN'] },
      },
    ]);
    // Error responses would apply to /api/* too and turn an API 404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    // /api/* has only the viewer-address function (below), not the SPA's routing.
    expect(text(behavior('/api/*').FunctionAssociations)).not.toContain(
      logicalId(t.stack.site.node.findChild('SpaRouting')),
    );
  });

  it('sends /api/* to the HTTP API uncached, with every method and all viewer headers but Host', () => {
    const api = behavior('/api/*');
    expect(api.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(
      cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    );
    expect([...api.AllowedMethods].sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PATCH',
      'POST',
      'PUT',
    ]);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const origin = originOf(api);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(text(origin.DomainName)).toContain(logicalId(t.stack.api.httpApi));
    expect(origin.OriginAccessControlId).toBeUndefined();
  });

  it('serves /previews/* from the renders bucket through its own origin access control, cached', () => {
    const previews = behavior('/previews/*');
    expect(previews.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(previews.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    const origin = originOf(previews);
    expect(origin.DomainName).toEqual(regionalDomainOf(t.stack.storage.renders));
    expect(origin.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [logicalId(t.stack.site.node.findChild('RendersAccessControl')), 'Id'],
    });
    // Besides /api/*, the share target and the service worker, only the public images (previews
    // and template wm/thumb) have behaviours.
    expect((config.CacheBehaviors as Behavior[]).map((b) => b.PathPattern)).toEqual([
      '/api/*',
      '/previews/*',
      '/templates/*/wm.jpg',
      '/templates/*/thumb.webp',
      SHARE_TARGET.path,
      '/sw.js',
    ]);
    for (const pattern of ['/templates/*/wm.jpg', '/templates/*/thumb.webp']) {
      expect(behavior(pattern).TargetOriginId).toBe(previews.TargetOriginId);
      expect(behavior(pattern).CachePolicyId).toBe(previews.CachePolicyId);
    }
  });

  it('signs every S3 origin request (two origin access controls, SigV4 always)', () => {
    const controls = Object.values(resources(t.template, 'AWS::CloudFront::OriginAccessControl'));
    expect(controls).toHaveLength(2);
    for (const control of controls) {
      expect(control.Properties?.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      });
    }
  });

  const policyRef = (id: string) => ({ Ref: logicalId(t.stack.site.node.findChild(id)) });
  const policyConfig = (id: string) =>
    resources(t.template, 'AWS::CloudFront::ResponseHeadersPolicy')[policyRef(id).Ref].Properties!
      .ResponseHeadersPolicyConfig;

  it('adds security headers to every behaviour', () => {
    const worker = behavior(SERVICE_WORKER_PATH_PATTERN);
    for (const b of [config.DefaultCacheBehavior, ...(config.CacheBehaviors as Behavior[])]) {
      expect(b.ResponseHeadersPolicyId).toEqual(
        b === worker ? policyRef('ServiceWorkerHeaders') : policyRef('SecurityHeaders'),
      );
    }
    expect(policyConfig('SecurityHeaders').SecurityHeadersConfig).toMatchObject({
      ContentSecurityPolicy: { ContentSecurityPolicy: expect.anything(), Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ContentTypeOptions: { Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000 },
    });
    // The service worker's policy sends the very same security headers.
    expect(policyConfig('ServiceWorkerHeaders').SecurityHeadersConfig).toEqual(
      policyConfig('SecurityHeaders').SecurityHeadersConfig,
    );
  });

  it('serves the service worker from the site bucket with Cache-Control: no-cache', () => {
    const worker = behavior(SERVICE_WORKER_PATH_PATTERN);
    expect(worker.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(worker.FunctionAssociations).toBeUndefined();
    expect(policyConfig('ServiceWorkerHeaders').CustomHeadersConfig).toEqual({
      Items: [{ Header: 'Cache-Control', Value: 'no-cache', Override: true }],
    });
    // Every other file keeps CloudFront's defaults: no Cache-Control header of the site's own.
    expect(policyConfig('SecurityHeaders').CustomHeadersConfig).toBeUndefined();
  });

  it("lets the site's own service worker and manifest load under its CSP", () => {
    const directives = new Map(
      deployedCsp()
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
    );
    // worker-src falls back to script-src, manifest-src to default-src (CSP level 3).
    expect(directives.get('worker-src') ?? directives.get('script-src')).toContain("'self'");
    expect(directives.get('manifest-src') ?? directives.get('default-src')).toContain("'self'");
  });

  /** The CSP header as deployed, intrinsics written `<Logical.Attribute>` / `<AWS::Region>`. */
  const deployedCsp = (): string => {
    const policy = { ResponseHeadersPolicyConfig: policyConfig('SecurityHeaders') };
    const value = policy.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
    const flat = (node: CfnJson): string => {
      if (typeof node === 'string') return node;
      if (node['Fn::Join']) return (node['Fn::Join'][1] as CfnJson[]).map(flat).join(node['Fn::Join'][0]);
      if (node['Fn::GetAtt']) return `<${node['Fn::GetAtt'].join('.')}>`;
      if (node.Ref) return `<${node.Ref}>`;
      throw new Error(`unexpected intrinsic ${JSON.stringify(node)}`);
    };
    return flat(value.ContentSecurityPolicy);
  };

  it('lets the browser reach only the user pool and the two buckets it must, by name, no wildcard host', () => {
    const csp = deployedCsp();
    expect(csp).not.toMatch(/\*\.amazonaws\.com/);
    expect(csp).not.toContain('*');
    const bucket = (construct: Parameters<typeof logicalId>[0]) => [
      `https://<${logicalId(construct)}.RegionalDomainName>`,
      `https://<${logicalId(construct)}.DomainName>`,
    ];
    const uploads = bucket(t.stack.storage.uploads);
    const renders = bucket(t.stack.storage.renders);
    const cognito = `https://cognito-idp.${t.stack.region}.amazonaws.com`;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe(["connect-src 'self'", cognito, ...uploads].join(' '));
    expect(directive('img-src')).toBe(["img-src 'self' data: blob:", ...uploads, ...renders].join(' '));
    expect(csp).toBe(contentSecurityPolicy({ cognito, uploads, renders }));
  });

  it('writes access logs to the access-log bucket', () => {
    expect(config.Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logicalId(t.stack.storage.accessLogs), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('skips the asset upload with a warning while the frontend is not built', () => {
    expect(resources(t.template, 'Custom::CDKBucketDeployment')).toEqual({});
    const warnings = t.stack.site.node.metadata
      .filter((m) => m.type === 'aws:cdk:warning')
      .map((m) => String(m.data));
    expect(warnings).toContainEqual(expect.stringContaining('the site bucket stays empty'));
  });
});

describe('SPA routing function', () => {
  const route = (uri: string): string => {
    const handler = new Function(`${SPA_ROUTING_CODE}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    return handler({ request: { uri } }).uri;
  };

  it('serves each prerendered page its own HTML, with or without a trailing slash', () => {
    expect(route('/')).toBe('/index.html');
    expect(route('/pricing')).toBe('/pricing/index.html');
    expect(route('/upload/')).toBe('/upload/index.html');
    for (const [page, file] of Object.entries(PRERENDERED_PAGES)) expect(route(page)).toBe(`/${file}`);
  });

  it('serves the app shell for client-side routes', () => {
    expect(route('/result/3f1c1f7e-8f7a-4c2e-9a51-2b1f0f4e9d11')).toBe(`/${APP_SHELL_FILE}`);
    expect(route('/moments/editor/abc/')).toBe(`/${APP_SHELL_FILE}`);
    expect(route('/auth')).toBe(`/${APP_SHELL_FILE}`);
    expect(route('/pricing/extra')).toBe(`/${APP_SHELL_FILE}`);
    expect(route('/constructor')).toBe(`/${APP_SHELL_FILE}`);
  });

  it('leaves files alone', () => {
    expect(route('/assets/index-3b1f.js')).toBe('/assets/index-3b1f.js');
    expect(route('/favicon.ico')).toBe('/favicon.ico');
    expect(route('/demo/child.jpg')).toBe('/demo/child.jpg');
  });
});

describe('share target fallback', () => {
  it('answers a share no service worker took with a 303 to the upload page, uncached', () => {
    const handler = new Function(`${SHARE_TARGET_CODE}; return handler;`)() as (event: unknown) => {
      statusCode: number;
      headers: Record<string, { value: string }>;
    };
    const response = handler({ request: { method: 'POST', uri: SHARE_TARGET.path, headers: {} } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toEqual({ value: SHARE_TARGET.landing });
    expect(response.headers['cache-control']).toEqual({ value: 'no-store' });
  });

  it('lets the POST through to the function on its own behaviour', () => {
    const share = behavior(SHARE_TARGET.path);
    expect((share.AllowedMethods as string[]).sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
    const [association] = share.FunctionAssociations as CfnJson[];
    expect(association.EventType).toBe('viewer-request');
    const functions = resources(t.template, 'AWS::CloudFront::Function');
    const [id] = Object.entries(functions).find(([, f]) => f.Properties?.FunctionCode === SHARE_TARGET_CODE)!;
    expect(association.FunctionARN).toEqual({ 'Fn::GetAtt': [id, 'FunctionARN'] });
  });
});

describe('viewer address function', () => {
  it("writes the viewer's address over whatever address header the browser sent", () => {
    const handler = new Function(`${VIEWER_ADDRESS_CODE}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const request = handler({
      viewer: { ip: '203.0.113.7' },
      request: { headers: { [VIEWER_IP_HEADER]: { value: '1.2.3.4' } } },
    });
    expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('runs on every /api request', () => {
    const api = behavior(API_PATH_PATTERN);
    const [association] = api.FunctionAssociations as CfnJson[];
    expect(association.EventType).toBe('viewer-request');
    const functions = resources(t.template, 'AWS::CloudFront::Function');
    const [id] = Object.entries(functions).find(
      ([, f]) => f.Properties?.FunctionCode === VIEWER_ADDRESS_CODE,
    )!;
    expect(association.FunctionARN).toEqual({ 'Fn::GetAtt': [id, 'FunctionARN'] });
  });
});

describe('Site: the API only through CloudFront', () => {
  it("sends a generated secret to the API origin, which only the API's Lambdas are given to compare", () => {
    const config = onlyResource(t.template, 'AWS::CloudFront::Distribution').Properties!.DistributionConfig;
    const apiOrigin = config.Origins.find((origin: CfnJson) => origin.CustomOriginConfig);
    const [header] = apiOrigin.OriginCustomHeaders;
    expect(header.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    const value = text(header.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(logicalId(t.stack.originVerify));

    const apiFunctions = new Set([...t.stack.api.handlers.values()].map((h) => logicalId(h.function)));
    for (const [id, fn] of Object.entries(resources(t.template, 'AWS::Lambda::Function'))) {
      const given = fn.Properties?.Environment?.Variables?.ORIGIN_VERIFY;
      if (apiFunctions.has(id)) expect(text(given), id).toBe(value);
      else expect(given, id).toBeUndefined();
    }
  });
});
