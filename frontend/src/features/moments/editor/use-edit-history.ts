/**
 * Undo/redo over the editor's state (placement and brush strokes). A gesture or a slider drag
 * previews many states but is one step: `preview` changes the present and remembers where the
 * gesture started; `commit` makes that one step. `apply` is preview + commit (a button, a key).
 */
import { useCallback, useMemo, useState } from 'react';

const MAX_STEPS = 100;

type History<T> = { past: T[]; present: T; future: T[]; gestureStart: T | null };

export type EditHistory<T> = {
  present: T;
  canUndo: boolean;
  canRedo: boolean;
  preview(next: T): void;
  commit(): void;
  apply(next: T): void;
  undo(): void;
  redo(): void;
  /** Starts over from `state` with no history (a resumed draft, a new photo). */
  reset(state: T): void;
};

function committed<T>(h: History<T>): History<T> {
  if (h.gestureStart === null || h.gestureStart === h.present) return { ...h, gestureStart: null };
  return {
    past: [...h.past, h.gestureStart].slice(-MAX_STEPS),
    present: h.present,
    future: [],
    gestureStart: null,
  };
}

export function useEditHistory<T>(initial: T): EditHistory<T> {
  const [history, setHistory] = useState<History<T>>({
    past: [],
    present: initial,
    future: [],
    gestureStart: null,
  });

  const preview = useCallback(
    (next: T) => setHistory((h) => ({ ...h, present: next, gestureStart: h.gestureStart ?? h.present })),
    [],
  );
  const commit = useCallback(() => setHistory(committed), []);
  const apply = useCallback(
    (next: T) =>
      setHistory((h) => committed({ ...h, present: next, gestureStart: h.gestureStart ?? h.present })),
    [],
  );
  const undo = useCallback(
    () =>
      setHistory((current) => {
        const h = committed(current);
        const previous = h.past.at(-1);
        if (previous === undefined) return h;
        return {
          past: h.past.slice(0, -1),
          present: previous,
          future: [h.present, ...h.future],
          gestureStart: null,
        };
      }),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory((current) => {
        const h = committed(current);
        const [next, ...rest] = h.future;
        if (next === undefined) return h;
        return { past: [...h.past, h.present], present: next, future: rest, gestureStart: null };
      }),
    [],
  );
  const reset = useCallback(
    (state: T) => setHistory({ past: [], present: state, future: [], gestureStart: null }),
    [],
  );

  return useMemo(
    () => ({
      present: history.present,
      canUndo:
        history.past.length > 0 ||
        (history.gestureStart !== null && history.gestureStart !== history.present),
      canRedo: history.future.length > 0,
      preview,
      commit,
      apply,
      undo,
      redo,
      reset,
    }),
    [history, preview, commit, apply, undo, redo, reset],
  );
}
