/** Forcing races in tests: deps whose completeJob first runs `meanwhile`, as if it happened while the worker rendered. */
import type { Deps } from '../core/deps';

export function withCompletionRace<D extends Deps>(deps: D, meanwhile: () => Promise<void>): D {
  return {
    ...deps,
    uploads: {
      ...deps.uploads,
      completeJob: async (...args) => {
        await meanwhile();
        return deps.uploads.completeJob(...args);
      },
    },
  };
}
