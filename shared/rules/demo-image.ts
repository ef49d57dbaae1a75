/**
 * The demo image of /admin/test-age-transform (AGE_TEST_DEMO_IMAGE, CDK context ageTestDemoImage;
 * docs/operations.md#configuration): an https:// URL, a data:image/…;base64, URL, or a key in one
 * of the app's buckets written `uploads:<key>` or `renders:<key>`. A value that is none of these is
 * kept with its problem, so the test page says what is wrong instead of the Lambda failing to start.
 */
import type { BucketRole } from '../deployment';

export type DemoImageSource =
  | { kind: 'url'; url: string }
  | { kind: 'data'; mediaType: string; base64: string }
  | { kind: 'object'; bucket: BucketRole; key: string };

export type DemoImageSetting = DemoImageSource | { kind: 'invalid'; problem: string };

export const DEMO_IMAGE_FORMS =
  'an https:// URL, a data:image/…;base64, URL, or uploads:<key> or renders:<key>';

const DATA_URL = /^data:(image\/[\w.+-]+)(?:;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/\s]+={0,2})$/i;
const OBJECT_KEY = /^(uploads|renders):([^\s]+)$/;

export function demoImageSettingOf(raw: string): DemoImageSetting {
  const value = raw.trim();
  const data = DATA_URL.exec(value);
  if (data) return { kind: 'data', mediaType: data[1].toLowerCase(), base64: data[2].replace(/\s/g, '') };
  if (/^data:/i.test(value)) {
    return { kind: 'invalid', problem: 'a data: URL must be data:image/<type>;base64,<data>' };
  }
  const object = OBJECT_KEY.exec(value);
  if (object) {
    const key = object[2].replace(/^\/+/, '');
    return key ? { kind: 'object', bucket: object[1] as BucketRole, key } : invalid();
  }
  if (/^https:\/\//i.test(value)) {
    try {
      return { kind: 'url', url: new URL(value).href };
    } catch {
      return { kind: 'invalid', problem: 'not a valid URL' };
    }
  }
  if (/^http:\/\//i.test(value)) return { kind: 'invalid', problem: 'a URL must use https://' };
  return invalid();
}

const invalid = (): DemoImageSetting => ({ kind: 'invalid', problem: `not ${DEMO_IMAGE_FORMS}` });

/** The setting in words, for the go-live checklist and the test page (a data: URL by its size only). */
export function describeDemoImage(setting: DemoImageSetting): string {
  switch (setting.kind) {
    case 'url':
      return setting.url;
    case 'data':
      return `a data: URL (${setting.mediaType}, ${Math.round((setting.base64.length * 3) / 4 / 1024)} KB)`;
    case 'object':
      return `${setting.key} in the ${setting.bucket} bucket`;
    case 'invalid':
      return `unusable: ${setting.problem}`;
  }
}
