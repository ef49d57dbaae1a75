import { describe, expect, it } from 'vitest';
import { shouldOfferNotify } from './use-notify-prompt';

describe('shouldOfferNotify', () => {
  it('offers the prompt to the owner of an upload without an email', () => {
    expect(shouldOfferNotify({ viewerIsOwner: true, hasEmail: false }, false)).toBe(true);
  });

  it('skips it after payment (paid=true)', () => {
    expect(shouldOfferNotify({ viewerIsOwner: true, hasEmail: false }, true)).toBe(false);
  });

  it('skips it once an email is saved', () => {
    expect(shouldOfferNotify({ viewerIsOwner: true, hasEmail: true }, false)).toBe(false);
  });

  it('never asks someone who only holds the shared link', () => {
    expect(shouldOfferNotify({ viewerIsOwner: false, hasEmail: null }, false)).toBe(false);
  });

  it('waits for the upload to load', () => {
    expect(shouldOfferNotify(undefined, false)).toBe(false);
  });
});
