/** Product wording of the upsell pages that the spec leaves open. */
export const RENDERED_AFTER_PURCHASE =
  'New ages are created right after you buy and appear on your results page within a few minutes.';
