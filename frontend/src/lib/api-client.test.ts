import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, errorMessage, serverReason } from './api-client';
import { provideIdToken } from './auth/id-token';
import { setSessionStore } from './session';

// The token comes through the id-token seam (auth-session.ts in the app); Amplify is never loaded here.
const idToken = vi.fn(async (): Promise<string | null> => null);
provideIdToken(idToken);

const UPLOAD_ID = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

const view = {
  uploadId: UPLOAD_ID,
  status: 'ready',
  ownedByUser: false,
  migrated: false,
  viewerIsOwner: true,
  hasEmail: false,
  jobs: [{ age: 10, status: 'processing', previewUrl: null, hdUnlocked: false, failureReason: null }],
  engine: 'offline',
  createdAt: '2026-11-22T00:00:00.000Z',
};

function reply(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}

const TOKEN = 'held-visitor-token';
const later = () => new Date(Date.now() + 3_600_000).toISOString();

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let values: Map<string, string>;
  beforeEach(() => {
    values = new Map<string, string>();
    values.set('lf.session', JSON.stringify({ token: TOKEN, renewAfter: later(), expiresAt: later() }));
    setSessionStore({
      getItem: (k) => values.get(k) ?? null,
      setItem: (k, v) => void values.set(k, v),
      removeItem: (k) => void values.delete(k),
    });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path, sends the session header and parses the reply', async () => {
    fetchMock.mockResolvedValue(reply(200, view));
    const result = await callApi('getUpload', { params: { uploadId: UPLOAD_ID } });
    expect(result.jobs[0].age).toBe(10);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/uploads/${UPLOAD_ID}`);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect((init!.headers as Record<string, string>)['x-session-token']).toBe(TOKEN);
  });

  it('sends no Authorization header for a visitor', async () => {
    fetchMock.mockResolvedValue(reply(200, view));
    await callApi('getUpload', { params: { uploadId: UPLOAD_ID } });
    expect((fetchMock.mock.calls[0][1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends the ID token as a Bearer token when signed in, with the session token (its proof for migration)', async () => {
    vi.mocked(idToken).mockResolvedValueOnce('id.token.value');
    fetchMock.mockResolvedValue(reply(200, { migrated: [] }));
    await callApi('migrateUploads', { body: {} });
    const headers = fetchMock.mock.calls[0][1]!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer id.token.value');
    expect(headers['x-session-token']).toBe(TOKEN);
  });

  it('asks the server for a session on first need, once', async () => {
    values.clear();
    const issued = { token: 'fresh-token', renewAfter: later(), expiresAt: later() };
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/session' ? reply(200, issued) : reply(200, view),
    );
    await Promise.all([
      callApi('getUpload', { params: { uploadId: UPLOAD_ID } }),
      callApi('getUpload', { params: { uploadId: UPLOAD_ID } }),
    ]);
    const starts = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/session');
    expect(starts).toHaveLength(1);
    expect(JSON.parse(String(starts[0][1]?.body))).toEqual({});
    const calls = fetchMock.mock.calls.filter(([url]) => String(url) !== '/api/session');
    for (const [, init] of calls)
      expect((init!.headers as Record<string, string>)['x-session-token']).toBe('fresh-token');
  });

  it('renews a token after a day of use, and keeps the one held while the server cannot be reached', async () => {
    values.set(
      'lf.session',
      JSON.stringify({ token: TOKEN, renewAfter: new Date(0).toISOString(), expiresAt: later() }),
    );
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/session') throw new TypeError('offline');
      return reply(200, view);
    });
    await callApi('getUpload', { params: { uploadId: UPLOAD_ID } });
    const [renewal, call] = fetchMock.mock.calls;
    expect(JSON.parse(String(renewal[1]?.body))).toEqual({ token: TOKEN });
    expect((call[1]!.headers as Record<string, string>)['x-session-token']).toBe(TOKEN);
  });

  it('starts a new visit and tries once more when the server no longer accepts the token', async () => {
    const issued = { token: 'new-token', renewAfter: later(), expiresAt: later() };
    fetchMock
      .mockResolvedValueOnce(reply(401, { error: { code: 'sessionInvalid', message: 'expired' } }))
      .mockResolvedValueOnce(reply(200, issued))
      .mockResolvedValueOnce(reply(200, view));
    const result = await callApi('getUpload', { params: { uploadId: UPLOAD_ID } });
    expect(result.uploadId).toBe(UPLOAD_ID);
    expect((fetchMock.mock.calls[2][1]!.headers as Record<string, string>)['x-session-token']).toBe(
      'new-token',
    );
  });

  it('says why when no session can be had (too many new visits from this network)', async () => {
    values.clear();
    fetchMock.mockResolvedValue(
      reply(429, { error: { code: 'quota_exceeded', message: 'Too many new visits' } }),
    );
    const error = await callApi('getUpload', { params: { uploadId: UPLOAD_ID } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(errorMessage(error, 'fallback')).toBe('Too many new visits');
  });

  it('never asks for a token on system routes (sign-in needs the client config first)', async () => {
    vi.mocked(idToken).mockClear();
    fetchMock.mockResolvedValue(
      reply(200, {
        region: 'local',
        userPoolId: 'local_1',
        userPoolClientId: 'c',
        cognitoEndpoint: '/cognito',
        authFlow: 'USER_PASSWORD_AUTH',
        ageHdOnSale: true,
      }),
    );
    const config = await callApi('getClientConfig');
    expect(config.cognitoEndpoint).toBe('/cognito');
    expect(idToken).not.toHaveBeenCalled();
    expect((fetchMock.mock.calls[0][1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValue(reply(200, { ok: true }));
    await callApi('saveUploadEmail', { params: { uploadId: UPLOAD_ID }, body: { email: 'a@b.co' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/uploads/${UPLOAD_ID}/email`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.co' });
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("carries the server's message and status in ApiError", async () => {
    fetchMock.mockResolvedValue(
      reply(413, { error: { code: 'fileTooLarge', message: 'File size must be less than 10MB' } }),
    );
    const error = await callApi('createUpload', { body: { contentType: 'image/jpeg', size: 1 } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(413);
    expect(error.code).toBe('fileTooLarge');
    expect(error.serverMessage).toBe('File size must be less than 10MB');
    expect(errorMessage(error, 'fallback')).toBe('File size must be less than 10MB');
  });

  it('carries the issues of a list refused as a whole', async () => {
    const issues = [{ index: 2, field: 'name', message: 'name is required' }];
    fetchMock.mockResolvedValue(reply(400, { error: { code: 'invalid_items', message: 'Invalid', issues } }));
    const error = await callApi('importTemplates', { body: { templates: [] } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.issues).toEqual(issues);
  });

  it('falls back when the error has no readable body', async () => {
    fetchMock.mockResolvedValue(reply(502, '<html>Bad gateway</html>'));
    const error = await callApi('health').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, 'Upload failed. Please try again.')).toBe('Upload failed. Please try again.');
  });

  it('turns a network failure into ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await callApi('health').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it('lets a cancellation through untouched', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    const error = await callApi('health').catch((e) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });

  it('rejects a reply that does not match the route schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { ...view, jobs: 'nope' }));
    const error = await callApi('getUpload', { params: { uploadId: UPLOAD_ID } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('invalid_response');
  });
});

describe('callApi types', () => {
  it('demands path params and bodies at compile time', () => {
    // Never called: these lines only have to fail type-checking.
    const unchecked = () => {
      // @ts-expect-error uploadId is required
      void callApi('getUpload');
      // @ts-expect-error the body is required
      void callApi('createUpload', {});
      // @ts-expect-error health takes no body
      void callApi('health', { body: { x: 1 } });
    };
    expect(typeof unchecked).toBe('function');
  });
});

describe('errorMessage', () => {
  it('uses the fallback for errors that are not from the API', () => {
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});

describe('serverReason', () => {
  it("is the server's message, and nothing when it sent none or the error is not the API's", () => {
    expect(serverReason(new ApiError(400, 'This photo is too small.'))).toBe('This photo is too small.');
    expect(serverReason(new ApiError(0))).toBeUndefined();
    expect(serverReason(new Error('boom'))).toBeUndefined();
  });
});
