/** What answers each capability on the replicate provider, and what is missing, from configuration alone. */
import type { CapabilityAnswer, ImageCapability } from '../../../core/image-ai';
import { OFFLINE_MODELS } from '../offline-models';
import { type ReplicateConfig, replicateConfigured } from './replicate-config';

/** What an operator must add for the provider to answer. */
export const REPLICATE_MISSING = 'REPLICATE_API_TOKEN (or REPLICATE_SECRET_ARN in AWS)';

export function describeReplicate(
  config: Pick<ReplicateConfig, 'slots' | 'apiToken' | 'secretArn'>,
): (capability: ImageCapability) => Omit<CapabilityAnswer, 'provider'> {
  const { slots } = config;
  const models: Record<ImageCapability, string> = {
    detectFaces: `${OFFLINE_MODELS.detectFaces}, run locally: face detection is never hosted`,
    ageProgress: slots.ageProgress.model.id,
    removeBackground: slots.removeBackground.model.id,
    faceSwap: slots.faceSwap.model.id,
    generateScene: `${slots.generateScene.model.id} (operators' prompt test: ${slots.promptTest.model.id})`,
  };
  const missing = replicateConfigured(config) ? {} : { missing: REPLICATE_MISSING };
  return (capability) => ({ model: models[capability], ...missing });
}
