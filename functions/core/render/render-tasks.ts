/** The render queue carries renders (RenderMessage) and these tasks of the render worker. */
export type RenderTask =
  /** A prediction ended (its webhook) or may have (the sweeper): check it and finish its job. */
  | { kind: 'prediction'; predictionId: string }
  /**
   * The scheduled tick: poll predictions whose webhook never came, give up on stuck ones; then
   * re-queue (once) or fail renders stuck past shared/rules/stuck-jobs.ts's limit.
   */
  | { kind: 'sweep' }
  /** An operator's test run (/admin/hf-test, /admin/face-swap-test). */
  | { kind: 'ai-run'; runId: string };
