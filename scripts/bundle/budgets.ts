/**
 * How big each Lambda's unzipped bundle may grow (MB of 2^20 bytes, as Lambda counts its 250 MB),
 * checked on the linux arm64 build that deploys (scripts/bundle/size.int.test.ts). Each budget is the
 * measured size plus modest headroom: a bundle that outgrows it pulled in something new, so look at
 * what before raising the number. Targets once every Lambda has its own composition root: system,
 * account, payments and webhooks ≤ 5 MB; the image Lambdas ≤ 120 MB.
 */
import type { LambdaName } from '@shared/deployment';

export const BUDGET_MB: Record<LambdaName, number> = {
  system: 2.5, // measured 2.0 MB (the bundle and its source map; no node_modules)
  uploads: 56, // measured 50.9 MB: Skia (@napi-rs/canvas) 29 MB, sharp 19 MB
  account: 4, // measured 3.5 MB
  payments: 3, // measured 2.7 MB
  webhooks: 3.5, // measured 2.8 MB
  // The image Lambdas measured 152 MB before infra/constructs/bundle-prune.ts cut tfjs (79 → 8 MB) and
  // face-api (19 → 13 MB: its models) down to the files Node loads.
  moments: 83, // measured 80.5 MB: Skia 29 MB, sharp 18 MB, face-api's models 13 MB, tfjs 8 MB, the pose model 4.6 MB, the selfie model
  admin: 24, // measured 21.6 MB: sharp's 19 MB
  'render-worker': 84, // measured 81.1 MB: the same packages and models as moments
  'pack-worker': 56, // measured 50.7 MB: Skia and sharp
};
