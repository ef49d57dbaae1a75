/**
 * Drafts of a signed-in parent (docs/product.md#moments-editor): autosaved 1.5 s after any change of the photo, the
 * placement, the brush strokes or the blend (the first save assigns the id; failures are only logged), kept
 * in the browser for "Resume your draft?", and duplicated on request (editing moves to the copy).
 */
import { messages } from '@shared/messages';
import type { BrushStroke } from '@shared/rules/keepsake-drawing';
import { MOMENTS_CANVAS_PX, type MomentsBlend, type Placement } from '@shared/rules/placement';
import type { DraftView } from '@shared/schemas/moments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { callApi, serverReason } from '../../../lib/api-client';
import { storeResumeDraft } from '../resume-draft';

export const AUTOSAVE_DELAY_MS = 1500;

type Work = {
  templateId: string;
  uploadId: string | null;
  placement: Placement;
  strokes: BrushStroke[];
  blend: MomentsBlend;
};
const CANVAS = { width: MOMENTS_CANVAS_PX, height: MOMENTS_CANVAS_PX } as const;
export type DraftRef = { draftId: string; name: string };

export function useDraft(work: Work, signedIn: boolean) {
  const [draft, setDraft] = useState<DraftRef | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const { templateId, uploadId, placement, strokes, blend } = work;

  useEffect(() => {
    if (!signedIn || !uploadId) return;
    const timer = window.setTimeout(async () => {
      const body = { templateId, uploadId, placement, strokes, blend, canvas: CANVAS };
      try {
        const current = draftRef.current;
        const saved = current
          ? await callApi('saveDraft', { params: { draftId: current.draftId }, body })
          : await callApi('createDraft', { body });
        setDraft({ draftId: saved.draftId, name: saved.name });
        storeResumeDraft(saved);
      } catch (error) {
        // Autosave failures are only logged.
        console.error('Autosave failed', error);
      }
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, templateId, uploadId, placement, strokes, blend]);

  const duplicate = useCallback(async (): Promise<DraftView | null> => {
    const current = draftRef.current;
    if (!current) {
      toast.error(messages.saveDraftFirst);
      return null;
    }
    try {
      const copy = await callApi('duplicateDraft', { params: { draftId: current.draftId } });
      setDraft({ draftId: copy.draftId, name: copy.name });
      storeResumeDraft(copy);
      toast.success(`Now editing “${copy.name}”`);
      return copy;
    } catch (error) {
      toast.error(messages.duplicateDraftFailed, { description: serverReason(error) });
      return null;
    }
  }, []);

  return { draft, setDraft, duplicate };
}
