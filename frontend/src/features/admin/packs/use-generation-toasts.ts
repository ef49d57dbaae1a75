/** Tells the operator when a pack's run, watched by polling, has finished: 'Generated X/5 images successfully'. */
import { generatedImagesMessage } from '@shared/messages';
import type { PackGeneration, PackList } from '@shared/schemas/admin-packs';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { finishedRuns } from './pack-rules';

export function useGenerationToasts(list: PackList | undefined) {
  const running = useRef(new Map<string, PackGeneration>());
  useEffect(() => {
    if (!list) return;
    for (const run of finishedRuns(running.current, list)) {
      if (run.error) toast.error(run.error);
      else toast.success(generatedImagesMessage(run.total, run.total));
    }
  }, [list]);
}
