/**
 * /admin/face-swap-test, "Face swap test" (docs/product.md#ai-test-pages): a background and a
 * face image, one queued run in the render worker, and its image, metadata (generationTime in ms),
 * error and details inline.
 */
import { messages } from '@shared/messages';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { Spinner } from '../../../components/ui/Spinner';
import { AiTestPage, RunButton, TestFailed } from './AiTestPage';
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

  const submit = () => {
    // A HEIC or GIF still converting: its field says so, and Run waits for it.
    if (background.converting || face.converting) return;
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
    <AiTestPage
      title="Face swap test"
      intro={
        <>
          Puts the face of one photo onto the person in another, in the render worker. Faces detected under 50
          % confidence are refused; the output is at most 1024×1024.
        </>
      }
      capability="faceSwap"
      onSubmit={submit}
      form={
        <>
          <ImageFileField
            label="Background image"
            hint="The photo whose person gets the new face."
            image={background}
            disabled={test.busy}
          />
          <ImageFileField
            label="Face image"
            hint="A clear photo of the face to put in."
            image={face}
            disabled={test.busy}
          />
          {missing && (!background.file || !face.file) && (
            <p role="alert" className="rounded-2xl bg-rose-50 p-3 font-semibold text-rose-900">
              {messages.uploadBothImages}
            </p>
          )}
          <RunButton busy={test.busy} />
        </>
      }
    >
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
        {test.startError && <TestFailed message={test.startError} />}
        {run?.status === 'failed' && (
          <TestFailed title="Error" message={run.error ?? 'The run failed.'}>
            {run.details && (
              <p className="mt-2 break-words text-sm">
                <span className="font-semibold">Details:</span> {run.details}
              </p>
            )}
          </TestFailed>
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
    </AiTestPage>
  );
}
