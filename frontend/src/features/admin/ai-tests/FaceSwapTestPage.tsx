/**
 * /admin/face-swap-test, "Face swap test" (docs/product.md#ai-test-pages): a background and a
 * face image, one queued run in the render worker, and its image, metadata (generationTime in ms),
 * error and details inline.
 */
import { messages } from '@shared/messages';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { Spinner } from '../../../components/ui/Spinner';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { CapabilityNote } from './CapabilityNote';
import { ImageFileField } from './ImageFileField';
import { useElapsedSeconds } from './use-elapsed';
import { useFaceSwapTest } from './use-face-swap-test';
import { useTestImage } from './use-test-image';

const STEP_TEXT = {
  background: 'Uploading the background',
  face: 'Uploading the face',
  queueing: 'Queueing the swap…',
} as const;

export function FaceSwapTestPage() {
  const background = useTestImage();
  const face = useTestImage();
  const [missing, setMissing] = useState(false);
  const metadataId = useId();
  const test = useFaceSwapTest();
  const waiting = test.run !== null && (test.run.status === 'queued' || test.run.status === 'running');
  const seconds = useElapsedSeconds(test.busy ? test.startedAt : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!background.file || !face.file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    test.start(background.file, face.file);
  };

  const run = test.run;
  const metadata = run && {
    provider: run.provider,
    model: run.model,
    status: run.status,
    generationTime: run.generationTime,
  };

  return (
    <>
      <AdminPageHeader title="Face swap test">
        Puts the face of one photo onto the person in another, in the render worker. Faces detected under 50 %
        confidence are refused; the output is at most 1024×1024.
      </AdminPageHeader>
      <CapabilityNote capability="faceSwap" />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <Card className="p-4 sm:p-5">
          <form noValidate onSubmit={submit} className="flex flex-col gap-5">
            <ImageFileField
              label="Background image (JPEG or PNG)"
              hint="The photo whose person gets the new face."
              image={background}
              disabled={test.busy}
            />
            <ImageFileField
              label="Face image (JPEG or PNG)"
              hint="A clear photo of the face to put in."
              image={face}
              disabled={test.busy}
            />
            {missing && (!background.file || !face.file) && (
              <p role="alert" className="rounded-2xl bg-rose-50 p-3 font-semibold text-rose-900">
                {messages.uploadBothImages}
              </p>
            )}
            <Button type="submit" disabled={test.busy} className="self-start">
              {test.busy ? 'Running…' : 'Run'}
            </Button>
          </form>
        </Card>
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          <h2 className="text-lg font-bold text-slate-900">Result</h2>
          {(test.step === 'background' || test.step === 'face') && (
            <ProgressBar value={test.percent} label={STEP_TEXT[test.step]} />
          )}
          {(test.step === 'queueing' || waiting) && (
            <div className="flex items-center gap-3 rounded-2xl bg-violet-50 p-3 text-slate-800">
              <Spinner className="size-5" label="Face swap running" />
              <p>
                {test.step === 'queueing' ? STEP_TEXT.queueing : 'The render worker is swapping…'}{' '}
                <span className="tabular-nums">{seconds} s</span>
              </p>
            </div>
          )}
          {test.startError && (
            <div role="alert" className="rounded-2xl bg-rose-50 p-3 text-rose-900">
              <p className="font-semibold">The test failed</p>
              <p className="mt-1 break-words">{test.startError}</p>
            </div>
          )}
          {run?.status === 'failed' && (
            <div role="alert" className="rounded-2xl bg-rose-50 p-3 text-rose-900">
              <p className="font-semibold">Error</p>
              <p className="mt-1 break-words">{run.error ?? 'The run failed.'}</p>
              {run.details && (
                <p className="mt-2 break-words text-sm">
                  <span className="font-semibold">Details:</span> {run.details}
                </p>
              )}
            </div>
          )}
          {run?.status === 'succeeded' && run.imageUrl && (
            <img
              src={run.imageUrl}
              alt="Face swap result: the background with the swapped face"
              className="w-full max-w-md rounded-2xl border border-violet-100 bg-slate-50"
            />
          )}
          {metadata && (run.status === 'succeeded' || run.status === 'failed') && (
            <section aria-labelledby={metadataId}>
              <h3 id={metadataId} className="mb-1 font-semibold text-slate-900">
                Metadata
              </h3>
              <pre className="whitespace-pre-wrap break-words rounded-2xl bg-slate-50 p-3 font-mono text-sm text-slate-800">
                {JSON.stringify(metadata, null, 2)}
              </pre>
            </section>
          )}
          {!run && !test.step && !test.startError && (
            <p className="text-slate-600">The swapped image, its metadata or its error appear here.</p>
          )}
        </Card>
      </div>
    </>
  );
}
