/**
 * One image input of a test page: the chosen image, made uploadable as on /upload (a HEIC decoded, a
 * GIF's first frame; lib/uploadable-photo.ts), or why the choice was refused.
 */
import { messages } from '@shared/messages';
import { useRef, useState } from 'react';
import {
  checkAsIs,
  needsConversion,
  toUploadablePhoto,
  type UploadablePhoto,
} from '../../../lib/uploadable-photo';

export type TestImage = {
  file: File | null;
  error: string | null;
  /** A HEIC or GIF being converted: the field says so, and the file comes once it is done. */
  converting: boolean;
  choose(file: File | null): void;
  /** The chosen file; without one (e.g. Run pressed first), null, and the field says why (or that it is converting). */
  required(): File | null;
};

export function useTestImage(): TestImage {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  // Only the latest choice counts when a slow conversion ends after a newer pick.
  const latestChoice = useRef(0);

  const settle = (choice: number, photo: UploadablePhoto | null) => {
    if (choice !== latestChoice.current) return;
    setConverting(false);
    setError(photo && !photo.ok ? photo.message : null);
    setFile(photo?.ok ? photo.file : null);
  };

  return {
    file,
    error,
    converting,
    choose(next) {
      const choice = ++latestChoice.current;
      if (!next) settle(choice, null);
      // A JPEG, PNG or WEBP is taken (or a non-image refused) at once, so Run right after picking sees it.
      else if (!needsConversion(next)) settle(choice, checkAsIs(next));
      else {
        setConverting(true);
        void toUploadablePhoto(next).then((photo) => settle(choice, photo));
      }
    },
    required() {
      if (!file && !converting) setError(error ?? messages.notAnImage);
      return file;
    },
  };
}
