/**
 * Which provider and model answer a test page's capability (GET /api/admin/ai/providers), and,
 * when none can, what to configure. The test still runs then: the page shows the server's error.
 */
import { messages } from '@shared/messages';
import type { ImageCapabilityName } from '@shared/rules/image-capabilities';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAiProviders } from './ai-test-queries';
import { CAPABILITY_LABELS, capabilityVariable } from './capabilities';

export function CapabilityNote({ capability }: { capability: ImageCapabilityName }) {
  const providers = useAiProviders();
  const label = CAPABILITY_LABELS[capability];

  if (providers.isPending) {
    return (
      <Card className="mb-6 flex items-center gap-3 p-4 text-slate-700">
        <Spinner className="size-5" label={`Reading which provider answers ${label.toLowerCase()}`} />
        <span aria-hidden="true">Reading which provider answers {label.toLowerCase()}…</span>
      </Card>
    );
  }
  if (providers.isError) {
    return (
      <Card role="alert" className="mb-6 p-4 text-rose-900">
        We could not read which provider answers {label.toLowerCase()}:{' '}
        {errorMessage(providers.error, 'the request failed')}. You can still run the test.
      </Card>
    );
  }
  const answer = providers.data.capabilities[capability];
  const ageing = capability === 'ageProgress';
  return (
    <Card role="region" aria-label={`${label} provider`} className="mb-6 flex flex-col gap-2 p-4">
      <p className="text-slate-800">
        <span className="font-semibold text-slate-900">{label}</span> is answered by{' '}
        <span className="font-semibold text-slate-900">{answer.provider}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, model </span>
        <span className="break-words">{answer.model}</span>
      </p>
      {ageing && (
        <p className="text-sm text-slate-700">
          {providers.data.ageingEngine === 'hosted'
            ? 'Hosted ageing: the worker starts a prediction and the provider’s webhook completes the job.'
            : 'Offline ageing: the worker completes the job itself, in a few seconds.'}
        </p>
      )}
      {answer.missing && (
        <div role="note" className="rounded-2xl bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">{messages.aiProviderRequired}</p>
          <p className="mt-1 text-sm">
            {label} needs {answer.missing}. Set <code className="font-mono">IMAGE_AI_PROVIDER</code> (or{' '}
            <code className="font-mono">{capabilityVariable(capability)}</code> for this capability alone) and
            the provider’s settings, then restart. You can still run the test: it shows the server’s error.
          </p>
        </div>
      )}
    </Card>
  );
}
