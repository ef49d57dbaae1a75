/**
 * /admin/test-age-transform, "Age 16 test": one portrait aged
 * to 16 through the same pipeline as the age-preview test, the result or the error inline.
 * The demo image: no portrait ships with the app (none at hand may be redistributed), so the
 * page says so and takes an upload.
 */
import { messages } from '@shared/messages';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { AgeRunStatus } from './AgeRunStatus';
import { AgeTestResult } from './AgeTestResult';
import { CapabilityNote } from './CapabilityNote';
import { ImageFileField } from './ImageFileField';
import { RunLog } from './RunLog';
import { useAgeTestRun, WORKER_NOTE } from './use-age-test-run';
import { useTestImage } from './use-test-image';

const AGE = 16;
const EXPECTED = '30-60 seconds with a hosted model, a few seconds offline';

export function AgeTransformTestPage() {
  const image = useTestImage();
  const test = useAgeTestRun();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!image.file) return image.refuse(image.error ?? messages.notAnImage);
    test.run(image.file, AGE);
  };

  return (
    <>
      <AdminPageHeader title="Age 16 test">
        Ages one portrait to 16. With a hosted model this takes 30-60 seconds; {WORKER_NOTE}.
      </AdminPageHeader>
      <CapabilityNote capability="ageProgress" />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <Card className="p-4 sm:p-5">
          <form noValidate onSubmit={submit} className="flex flex-col gap-5">
            <div className="rounded-2xl bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">Demo image</p>
              <p className="mt-1">
                No demo portrait ships with the app: none of the photos at hand may be redistributed. The demo
                needs a portrait file: upload one below.
              </p>
            </div>
            <ImageFileField label="Portrait (JPEG or PNG)" image={image} disabled={test.busy} />
            <Button type="submit" disabled={test.busy} className="self-start">
              {test.busy ? 'Ageing…' : 'Run age 16 test'}
            </Button>
            <p className="text-sm text-slate-600">It takes 30-60 seconds with a hosted model.</p>
          </form>
        </Card>
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          <h2 className="text-lg font-bold text-slate-900">Result</h2>
          <AgeRunStatus
            phase={test.phase}
            percent={test.percent}
            startedAt={test.startedAt}
            expected={EXPECTED}
          />
          {test.error && (
            <div role="alert" className="rounded-2xl bg-rose-50 p-3 text-rose-900">
              <p className="font-semibold">The test failed</p>
              <p className="mt-1 break-words">{test.error}</p>
            </div>
          )}
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
      </div>
    </>
  );
}
