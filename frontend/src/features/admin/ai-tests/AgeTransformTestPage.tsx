/**
 * /admin/test-age-transform, "Age 16 test": one portrait aged
 * to 16 through the same pipeline as the age-preview test, the result or the error inline.
 * The portrait is an upload, or the demo image the deployment names (AGE_TEST_DEMO_IMAGE), which
 * the server reads itself; without one the page says how to set it.
 */
import { messages } from '@shared/messages';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { AgeRunStatus } from './AgeRunStatus';
import { AgeTestResult } from './AgeTestResult';
import { AiTestPage, RunButton, TestFailed } from './AiTestPage';
import { useAiProviders } from './ai-test-queries';
import { ImageFileField } from './ImageFileField';
import { RunLog } from './RunLog';
import { useAgeTestRun, WORKER_NOTE } from './use-age-test-run';
import { useTestImage } from './use-test-image';

const AGE = 16;
const EXPECTED = '30-60 seconds with a hosted model, a few seconds offline';

/** The deployment's demo image: a button to test with it, or how to name one. */
function DemoImage({ busy, onRun }: { busy: boolean; onRun(): void }) {
  const providers = useAiProviders();
  const demo = providers.data?.ageTestDemoImage;
  return (
    <section aria-labelledby="demo-image" className="rounded-2xl bg-slate-50 p-3 text-sm text-slate-700">
      <h2 id="demo-image" className="font-semibold text-slate-900">
        Demo image
      </h2>
      {demo ? (
        <>
          <p className="mt-1 break-words">This deployment names one: {demo}.</p>
          <Button type="button" variant="outline" size="sm" className="mt-2" disabled={busy} onClick={onRun}>
            Use the demo image
          </Button>
        </>
      ) : (
        <p className="mt-1">
          {providers.isPending && 'Checking for a demo image…'}
          {providers.isError && 'Could not check for a demo image: upload a portrait below.'}
          {providers.isSuccess && `${messages.aiTestDemoImageUnset} Until then, upload a portrait below.`}
        </p>
      )}
    </section>
  );
}

export function AgeTransformTestPage() {
  const image = useTestImage();
  const test = useAgeTestRun();

  return (
    <AiTestPage
      title="Age 16 test"
      intro={<>Ages one portrait to 16. With a hosted model this takes 30-60 seconds; {WORKER_NOTE}.</>}
      capability="ageProgress"
      onSubmit={() => test.run(image, AGE)}
      form={
        <>
          <DemoImage busy={test.busy} onRun={() => test.runDemo(AGE)} />
          <ImageFileField label="Portrait" image={image} disabled={test.busy} />
          <RunButton busy={test.busy} idle="Run age 16 test" running="Ageing…" />
          <p className="text-sm text-slate-600">It takes 30-60 seconds with a hosted model.</p>
        </>
      }
    >
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <h2 className="text-lg font-bold text-slate-900">Result</h2>
        <AgeRunStatus
          phase={test.phase}
          percent={test.percent}
          startedAt={test.startedAt}
          expected={EXPECTED}
        />
        {test.error && <TestFailed message={test.error} />}
        {test.job?.status === 'done' && <AgeTestResult job={test.job} />}
        {test.phase === 'idle' && <p className="text-slate-600">The aged portrait appears here.</p>}
        {test.log.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold text-violet-800">Steps</summary>
            <div className="mt-2">
              <RunLog entries={test.log} />
            </div>
          </details>
        )}
      </Card>
    </AiTestPage>
  );
}
