/**
 * The five predefined prompts of /admin/hf-test (docs/product.md#ai-test-pages): children's
 * keepsake backgrounds, worded so the offline scene generator picks the matching kind of scene too.
 */
export const SCENE_PROMPTS = [
  "A bright birthday party with colourful balloons, a big cake and confetti, children's book illustration, open space in the middle for a child",
  "A snowy Christmas morning by a decorated tree with wrapped presents and warm lights, children's book illustration",
  "A fantasy castle on a green hill with colourful flags and a friendly dragon, children's book illustration",
  "Smiling Halloween pumpkins on a porch at dusk with friendly bats and glowing lanterns, children's book illustration",
  "A sunny meadow with friendly farm animals, lambs and rabbits among wildflowers, children's book illustration",
] as const;
