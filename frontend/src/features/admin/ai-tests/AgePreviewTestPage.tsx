/**
 * /admin/replicate-test, "Age-preview test": one photo
 * through the real pipeline at age 2, 5 or 19, with a live log of each step. The page never calls
 * the AI provider: the render worker does, and the page watches the job.
 */
import { UPSELL_AGES } from '@shared/catalog';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { AgeRunStatus } from './AgeRunStatus';
import { AgeTestResult } from './AgeTestResult';
import { AiTestPage, RunButton } from './AiTestPage';
import { ImageFileField } from './ImageFileField';
import { RunLog } from './RunLog';
import { type AgeTestAge, useAgeTestRun, WORKER_NOTE } from './use-age-test-run';
import { useTestImage } from './use-test-image';

const AGES: readonly AgeTestAge[] = UPSELL_AGES;

export function AgePreviewTestPage() {
  const image = useTestImage();
  const [age, setAge] = useState<AgeTestAge>(AGES[0]);
  const test = useAgeTestRun();

  return (
    <AiTestPage
      title="Age-preview test"
      intro={
        <>
          Runs one photo through the real pipeline: an upload, a queued render job and the render worker. This
          page does not call the AI provider itself: {WORKER_NOTE}.
        </>
      }
      capability="ageProgress"
      columns="wideResult"
      onSubmit={() => test.run(image, age)}
      form={
        <>
          <ImageFileField
            label="Photo"
            hint="A clear photo of one face works best."
            image={image}
            disabled={test.busy}
          />
          <fieldset disabled={test.busy}>
            <legend className="mb-2 font-semibold text-slate-900">Target age</legend>
            <div className="flex flex-wrap gap-2">
              {AGES.map((option) => (
                <label key={option} className="cursor-pointer has-[:disabled]:cursor-not-allowed">
                  <input
                    type="radio"
                    name="target-age"
                    value={option}
                    checked={age === option}
                    onChange={() => setAge(option)}
                    className="peer sr-only"
                  />
                  <span className="flex min-h-11 items-center rounded-full border-2 border-violet-200 bg-white px-5 font-semibold text-violet-800 transition-colors hover:border-violet-400 peer-checked:border-violet-700 peer-checked:bg-violet-700 peer-checked:text-white peer-focus-visible:ring-4 peer-focus-visible:ring-violet-300 peer-disabled:opacity-60">
                    Age {option}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <RunButton busy={test.busy} />
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-3 p-4 sm:p-5">
          <h2 className="text-lg font-bold text-slate-900">Log</h2>
          <AgeRunStatus phase={test.phase} percent={test.percent} startedAt={test.startedAt} />
          <RunLog entries={test.log} />
        </Card>
        {test.error && (
          <Card role="alert" className="border-rose-200 bg-rose-50 p-4 text-rose-900 sm:p-5">
            <h2 className="font-bold">The test failed</h2>
            <p className="mt-1 break-words">{test.error}</p>
          </Card>
        )}
        {test.job?.status === 'done' && (
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 text-lg font-bold text-slate-900">Result</h2>
            <AgeTestResult job={test.job} />
          </Card>
        )}
      </div>
    </AiTestPage>
  );
}
