/** The seeder's format help box (docs/product.md#template-seeder): the fields of an import item; the category list shows the first six. */
import { MAX_IMPORT_IMAGE_BYTES, MAX_IMPORT_ITEMS } from '@shared/schemas/admin-templates';
import { ORIENTATIONS, SAFE_AREA_ANCHORS, TEMPLATE_CATEGORIES } from '@shared/templates';
import { Card } from '../../../components/ui/Card';

const FIELDS: [string, string][] = [
  ['templateId', 'your own reference (optional, unique in the file)'],
  ['name', 'the scene name'],
  ['category', TEMPLATE_CATEGORIES.slice(0, 6).join(', ')],
  ['orientation', ORIENTATIONS.join(', ')],
  ['nativeSize', '{ width, height } in pixels (optional; 2048 on the long edge)'],
  ['imageUrl', 'an https:// image URL, or a data:image/…;base64 URL'],
  ['safeArea', `{ xPct, yPct, wPct, hPct } fractions 0–1, anchor: ${SAFE_AREA_ANCHORS.join(', ')}`],
];

export function ImportFormatHelp() {
  return (
    <Card className="bg-violet-50/60 p-4 text-sm text-slate-800 sm:p-5">
      <h2 className="mb-2 text-lg font-bold text-slate-900">Format</h2>
      <p className="mb-3">A JSON array of templates, at most {MAX_IMPORT_ITEMS} at a time. Each one has:</p>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {FIELDS.map(([name, text]) => (
          <div key={name} className="contents">
            <dt className="font-mono font-semibold text-violet-900">{name}</dt>
            <dd className="mb-1 break-words sm:mb-0">{text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        Images are fetched by the server: public https addresses only, up to{' '}
        {MAX_IMPORT_IMAGE_BYTES / 1024 / 1024} MB, 10 seconds each. Imported templates are active (listed in
        Moments); saving one in the editor approves it for the composer gallery.
      </p>
    </Card>
  );
}
