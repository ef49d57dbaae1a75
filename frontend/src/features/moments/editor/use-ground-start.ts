/**
 * A new photo's child starts standing on the template's ground line (initialMomentsPlacement in
 * shared/rules/placement.ts), placed once its cut-out has loaded: where it stands is read from the
 * cut-out's own pixels. A resumed draft keeps the placement it was saved with.
 */
import { cutoutProfile } from '@shared/rules/cutout-profile';
import { initialMomentsPlacement } from '@shared/rules/placement';
import type { TemplateView } from '@shared/schemas/moments';
import { useEffect, useRef } from 'react';
import { makeCanvasLayer } from '../../../lib/canvas-layer';
import type { EditorState } from './KeepsakeStage';
import type { EditHistory } from './use-edit-history';

export function useGroundStart(
  template: Pick<TemplateView, 'groundY' | 'nativeWidth' | 'nativeHeight'>,
  cutout: HTMLImageElement | null,
  history: EditHistory<EditorState>,
) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || !cutout) return;
    pending.current = false;
    if (template.groundY === undefined) return;
    const { lowestOpaque } = cutoutProfile(cutout, makeCanvasLayer);
    const placement = initialMomentsPlacement(cutout, lowestOpaque, {
      width: template.nativeWidth,
      height: template.nativeHeight,
      groundY: template.groundY,
    });
    // The first state of this photo: undo does not go back to the middle of the canvas.
    history.reset({ ...history.present, placement });
  }, [cutout, template, history]);
  return {
    /** The next cut-out to load is a new photo's. */
    placeOnGround() {
      pending.current = true;
    },
    /** The next cut-out to load is a resumed draft's. */
    keepPlacement() {
      pending.current = false;
    },
  };
}
