/**
 * /admin/hf-test, "Scene prompt test" (docs/product.md#ai-test-pages): the five
 * predefined prompts run one after another through the render worker's scene generation, each
 * pending then success or error, with its generation time; 'Generated X/5 images successfully' and
 * a JSON summary to download.
 */
import { generatedImagesMessage } from '@shared/messages';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { CapabilityNote } from './CapabilityNote';
import { PromptRow } from './PromptRow';
import { SCENE_PROMPTS } from './scene-prompts';
import { summaryFileName } from './scene-summary';
import { useScenePromptTest } from './use-scene-prompt-test';

function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ScenePromptTestPage() {
  const test = useScenePromptTest();
  const total = SCENE_PROMPTS.length;

  return (
    <>
      <AdminPageHeader title="Scene prompt test">
        Runs the {total} predefined scene prompts one after another in the render worker. A failed prompt does
        not stop the next one.
      </AdminPageHeader>
      <CapabilityNote capability="generateScene" />
      <Card className="mb-6 flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={test.start} disabled={test.running}>
            {test.running ? 'Running…' : `Run ${total} prompts`}
          </Button>
          {test.finished && (
            <Button
              variant="outline"
              onClick={() => downloadJson(test.summary(), summaryFileName(new Date()))}
            >
              Download JSON summary
            </Button>
          )}
        </div>
        {test.running && (
          <>
            <p className="text-slate-800" aria-live="polite">
              Prompt {(test.current ?? 0) + 1} of {total}…
            </p>
            <ProgressBar value={(test.ended / total) * 100} label="Scene prompts done" />
          </>
        )}
        {test.finished && (
          <p
            role="status"
            className={
              test.succeeded > 0
                ? 'rounded-2xl bg-emerald-50 p-3 font-semibold text-emerald-900'
                : 'rounded-2xl bg-rose-50 p-3 font-semibold text-rose-900'
            }
          >
            {generatedImagesMessage(test.succeeded, total)}
          </p>
        )}
      </Card>
      <section aria-labelledby="scene-prompts-heading">
        <h2 id="scene-prompts-heading" className="sr-only">
          Prompts
        </h2>
        <ol className="flex flex-col gap-3">
          {SCENE_PROMPTS.map((prompt, index) => (
            <li key={prompt}>
              <PromptRow index={index} prompt={prompt} outcome={test.outcomes[index]} />
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
