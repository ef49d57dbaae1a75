/** Search, category and orientation: native controls, so phones show their own pickers. */
import { ORIENTATION_LABELS, ORIENTATIONS, TEMPLATE_CATEGORIES } from '@shared/templates';
import type { GalleryFilters } from './gallery-filters';

const FIELD =
  'min-h-11 w-full rounded-xl border border-violet-200 bg-white px-3 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-600';

export function GalleryFilterBar({
  filters,
  onChange,
}: {
  filters: GalleryFilters;
  onChange: (next: GalleryFilters) => void;
}) {
  return (
    <search className="mt-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
        Search
        <input
          type="search"
          className={FIELD}
          placeholder="Balloons, castle, beach…"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
        Category
        <select
          className={FIELD}
          value={filters.category ?? ''}
          onChange={(event) =>
            onChange({ ...filters, category: (event.target.value || null) as GalleryFilters['category'] })
          }
        >
          <option value="">All categories</option>
          {TEMPLATE_CATEGORIES.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
        Orientation
        <select
          className={FIELD}
          value={filters.orientation ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              orientation: (event.target.value || null) as GalleryFilters['orientation'],
            })
          }
        >
          <option value="">All orientations</option>
          {ORIENTATIONS.map((orientation) => (
            <option key={orientation} value={orientation}>
              {ORIENTATION_LABELS[orientation]}
            </option>
          ))}
        </select>
      </label>
    </search>
  );
}
