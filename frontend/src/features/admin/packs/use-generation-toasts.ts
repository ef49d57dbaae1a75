/** Tells the operator when a pack's run, watched by polling, has finished: 'Generated X/5 images successfully'. */
import { generatedImagesMessage } from '@shared/messages';
import type { PackGeneration, PackList } from '@shared/schemas/admin-packs';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';

export function useGenerationToasts(list: PackList | undefined) {
  const running = useRef(new Map<string, PackGeneration>());
  useEffect(() => {
    if (!list) return;
    for (const pack of list.packs) {
      const seen = running.current.get(pack.packId);
      if (pack.generation) running.current.set(pack.packId, pack.generation);
      else if (seen) {
        running.current.delete(pack.packId);
        if (pack.lastError) toast.error(pack.lastError);
        else toast.success(generatedImagesMessage(seen.total, seen.total));
      }
    }
  }, [list]);
}
