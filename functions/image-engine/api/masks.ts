/** Masks without a model: the largest connected region of an alpha mask (a hosted cut-out's subject). */
export { largestRegion } from '../src/background/regions';
