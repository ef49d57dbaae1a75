import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { checkAsIs, needsConversion, toUploadablePhoto } from './uploadable-photo';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('needsConversion', () => {
  it('converts a HEIC, by its type or its name, and any image the server does not take as it is', () => {
    expect(needsConversion(file('IMG_0001.HEIC', ''))).toBe(true);
    expect(needsConversion(file('photo', 'image/heif'))).toBe(true);
    for (const type of ['image/gif', 'image/bmp', 'image/avif'])
      expect(needsConversion(file('a', type))).toBe(true);
  });

  it('takes a JPEG, PNG or WEBP as it is, and leaves a non-image to the checks', () => {
    for (const type of ['image/jpeg', 'image/pjpeg', 'image/png', 'IMAGE/WEBP', 'text/plain', '']) {
      expect(needsConversion(file('a', type))).toBe(false);
    }
  });
});

describe('checkAsIs', () => {
  it("refuses only with the upload's two messages, size first", () => {
    expect(checkAsIs(file('notes.txt', 'text/plain'))).toEqual({ ok: false, message: messages.notAnImage });
    expect(checkAsIs(file('big.txt', 'text/plain', 10 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: messages.fileTooLarge,
    });
    const photo = file('a.jpg', 'image/jpeg');
    expect(checkAsIs(photo)).toEqual({ ok: true, file: photo });
  });
});

describe('toUploadablePhoto', () => {
  it('sends a JPEG unchanged', async () => {
    const photo = file('a.jpg', 'image/jpeg');
    expect(await toUploadablePhoto(photo)).toEqual({ ok: true, file: photo });
  });

  it('refuses a file that only claims to be HEIC with the HEIC message', async () => {
    expect(await toUploadablePhoto(file('IMG_0001.heic', 'image/heic'))).toEqual({
      ok: false,
      message: messages.notAHeic,
    });
  });
});
