/** Shared bits of the account tests: fresh emails, users made straight in cognito-local, sign-in. */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'little-futures-9';
/** cognito-local always sends this code (scripts/local/emulators/cognito.ts). */
export const CONFIRMATION_CODE = '123456';

export function freshEmail(tag: string): string {
  return `parent-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

async function cognito(baseURL: string, action: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${action} failed: ${response.status} ${await response.text()}`);
}

/** An account made through the same /cognito endpoint the app uses, without the UI. */
export async function createUser(
  baseURL: string,
  email: string,
  { confirmed = true, password = PASSWORD } = {},
): Promise<void> {
  const config = (await (await fetch(`${baseURL}/api/config`)).json()) as { userPoolClientId: string };
  const ClientId = config.userPoolClientId;
  await cognito(baseURL, 'SignUp', {
    ClientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  if (confirmed) {
    await cognito(baseURL, 'ConfirmSignUp', {
      ClientId,
      Username: email,
      ConfirmationCode: CONFIRMATION_CODE,
    });
  }
}

/** Fills and submits the auth form in its current mode. */
export async function submitCredentials(page: Page, email: string, password: string, button = 'Sign In') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Signs in on /auth and waits for the post-sign-in redirect to leave the page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await submitCredentials(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/** The header's signed-in controls, opening the phone menu first when needed. */
export async function expectSignedInHeader(page: Page, email: string, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) {
    // The menu closes on navigation; right after sign-in the redirect may still land after the tap.
    await expect(async () => {
      const open = header.getByRole('button', { name: 'Open menu' });
      if (await open.isVisible()) await open.click();
      await expect(header.getByText(email).filter({ visible: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(header.getByRole('link', { name: 'My photos' })).toBeVisible();
    // A late redirect may have closed the menu already.
    const close = header.getByRole('button', { name: 'Close menu' });
    if (await close.isVisible()) await close.click();
  } else {
    await expect(header.getByText(email).filter({ visible: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'My photos' })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
}

/** Amplify's stored tokens, for checks on refresh. */
export function storedTokens(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => /^CognitoIdentityServiceProvider\..+\.(idToken|accessToken)$/.test(k))
        .map((k) => [k.split('.').at(-1)!, localStorage.getItem(k)!]),
    ),
  );
}

/** Rewrites the stored ID and access tokens as expired a minute ago (signatures then fail too). */
export function expireStoredTokens(page: Page) {
  return page.evaluate(() => {
    const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const unb64url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    for (const key of Object.keys(localStorage)) {
      if (!/^CognitoIdentityServiceProvider\..+\.(idToken|accessToken)$/.test(key)) continue;
      const [head, body, signature] = localStorage.getItem(key)!.split('.');
      const payload = JSON.parse(unb64url(body));
      payload.exp = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(key, [head, b64url(JSON.stringify(payload)), signature].join('.'));
    }
  });
}
