/**
 * Keyboard: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes (anywhere on the page but in a
 * text field); on the focused canvas the arrow keys nudge the child (Shift: ten times as far).
 */
import { clampMomentsPlacement, NUDGE_STEP } from '@shared/rules/placement';
import { type KeyboardEvent, useEffect } from 'react';
import { arrowNudge } from '../../../lib/arrow-nudge';
import type { EditorState } from './KeepsakeStage';
import type { EditHistory } from './use-edit-history';

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
    const nudge = arrowNudge(event.key, NUDGE_STEP * (event.shiftKey ? 10 : 1));
    if (!nudge) return;
    event.preventDefault();
    const { placement } = history.present;
    history.apply({
      ...history.present,
      placement: clampMomentsPlacement({
        ...placement,
        x: placement.x + nudge[0],
        y: placement.y + nudge[1],
      }),
    });
  };
}
