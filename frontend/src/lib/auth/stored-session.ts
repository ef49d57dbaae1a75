/**
 * Whether this browser may hold a sign-in, read without loading Amplify: Amplify v6 keeps
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` in localStorage while a user is signed
 * in. Visitors without it never download the auth library on the landing page.
 */
import { browserStorage } from '../browser-storage';

const PREFIX = 'CognitoIdentityServiceProvider.';
const SUFFIX = '.LastAuthUser';

type KeyList = Pick<Storage, 'length' | 'key' | 'getItem'>;

/** Without storage (disabled, or a test) Amplify cannot have kept a session either. */
export function hasStoredSignIn(storage: KeyList | undefined = browserStorage('localStorage')): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && key.endsWith(SUFFIX) && storage.getItem(key)) return true;
  }
  return false;
}
