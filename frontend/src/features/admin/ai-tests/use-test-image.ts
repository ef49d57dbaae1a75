/** One image input of a test page: the chosen JPEG or PNG, or why the choice was refused. */
import { useState } from 'react';
import { testImageProblem } from './test-image';

export type TestImage = {
  file: File | null;
  error: string | null;
  choose(file: File | null): void;
  /** Shows a problem without a new choice (e.g. Run pressed with no file). */
  refuse(message: string): void;
};

export function useTestImage(): TestImage {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    error,
    choose(next) {
      const problem = next ? testImageProblem(next) : null;
      setError(problem);
      setFile(problem ? null : next);
    },
    refuse: setError,
  };
}
