/** Face swap: a landmark-aligned, colour-matched transfer of one face onto another (not generative). */
export { SwapFaceRefusedError } from '../src/errors';
export { swapFace } from '../src/face-swap/face-swap';
