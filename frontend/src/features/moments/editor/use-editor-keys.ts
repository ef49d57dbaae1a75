/**
 * Keyboard: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes (anywhere on the page but in a
 * text field); on the focused canvas the arrow keys nudge the child (Shift: ten times as far).
 */
import { clampMomentsPlacement, NUDGE_STEP } from '@shared/rules/placement';
import { type KeyboardEvent, useEffect } from 'react';
import type { EditorState } from './KeepsakeStage';
import type { EditHistory } from './use-edit-history';

const NUDGES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range'));

export function useEditorKeys(history: EditHistory<EditorState>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || typingIn(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) history.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') history.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history]);

  return (event: KeyboardEvent<HTMLElement>) => {
    const nudge = NUDGES[event.key];
    if (!nudge) return;
    event.preventDefault();
    const step = NUDGE_STEP * (event.shiftKey ? 10 : 1);
    const { placement, strokes } = history.present;
    history.apply({
      placement: clampMomentsPlacement({
        ...placement,
        x: placement.x + nudge[0] * step,
        y: placement.y + nudge[1] * step,
      }),
      strokes,
    });
  };
}
