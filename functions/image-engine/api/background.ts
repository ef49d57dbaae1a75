/** Background removal: MediaPipe selfie segmentation refined around the person, as a trimmed PNG cut-out. */

export { paceCollectorForCutouts } from '../src/background/heap';
export { CUTOUT_MAX_SIDE, removeBackgroundOffline } from '../src/background/remove-background';
export { SubjectNotFoundError } from '../src/errors';
