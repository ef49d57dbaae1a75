/**
 * /offspring-gallery: approved templates in the operators' order, filtered on the client (the filters
 * live in the URL). After /upload it also says the age previews are on their way, and a chosen
 * template opens the composer with that photo.
 */
import { ORIENTATION_LABELS } from '@shared/templates';
import { type MouseEvent, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TemplateCard } from '../../../components/keepsake/TemplateCard';
import {
  NoTemplates,
  TEMPLATE_GRID,
  TemplatesLoadFailed,
  TemplatesLoading,
} from '../../../components/keepsake/TemplateGrid';
import { Button } from '../../../components/ui/Button';
import { useTemplateLibrary } from '../../../lib/template-library';
import { GalleryFilterBar } from './GalleryFilterBar';
import {
  composerLinkFor,
  filtersFromParams,
  filterTemplates,
  type GalleryFilters,
  hasFilters,
  NO_FILTERS,
  paramsWithFilters,
  sameTemplates,
} from './gallery-filters';

const PAGE_SIZE = 48;
/**
 * A keystroke first renders two rows of cards (what a phone or a laptop shows below the filters: the
 * grid starts 400-680 px down, a row is 265 px on a phone and 340 px on a laptop); the rest of the
 * page follows in a deferred render that the next keystroke may interrupt. Measured on the phone
 * profile, each card more in the first render added about 1 ms to the keystroke.
 */
const FIRST_ROWS = 2;
/** The columns of TEMPLATE_GRID at this width (Tailwind's sm and lg breakpoints). */
function gridColumns(): number {
  if (typeof window === 'undefined') return 4;
  if (window.matchMedia('(min-width: 64rem)').matches) return 4;
  return window.matchMedia('(min-width: 40rem)').matches ? 3 : 2;
}

/** Typing updates the grid at once and the URL when the parent pauses. */
const URL_WRITE_DELAY_MS = 400;
const GALLERY_PATH = '/offspring-gallery';

export function ComposerGalleryPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromUrl = filtersFromParams(params);
  const [search, setSearch] = useState(fromUrl.search);
  const pendingWrite = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Back, forward or a link changed the URL: follow its search (unless a write is on its way). The key
  // changes with every navigation of the router, which may not have seen the last typed search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (its key) is what re-syncs
  useEffect(() => {
    if (!pendingWrite.current) setSearch(fromUrl.search);
  }, [fromUrl.search, location.key]);
  useEffect(() => () => clearTimeout(pendingWrite.current), []);

  const filters = { ...fromUrl, search };
  const setFilters = (next: GalleryFilters) => {
    setSearch(next.search);
    clearTimeout(pendingWrite.current);
    pendingWrite.current = undefined;
    // A card chosen before the pause navigated away (the gallery stays mounted while the composer
    // loads): writing now would put the search on the composer's URL and drop its templateId.
    const onGallery = () => window.location.pathname === GALLERY_PATH;
    if (
      next.search !== search &&
      next.category === fromUrl.category &&
      next.orientation === fromUrl.orientation
    ) {
      pendingWrite.current = setTimeout(() => {
        pendingWrite.current = undefined;
        if (onGallery()) replaceSearchInUrl(next.search);
      }, URL_WRITE_DELAY_MS);
    } else if (onGallery()) {
      setParams((current) => paramsWithFilters(current, next), { replace: true, preventScrollReset: true });
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Choose a background
        </h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Pick a scene for your child's photo. We cut your child out and place them in it, and you export a
          full-size keepsake.
        </p>
      </header>
      <PreviewsOnTheirWay params={params} />
      <GalleryFilterBar filters={filters} onChange={setFilters} />
      <Templates filters={filters} params={params} onClear={() => setFilters(NO_FILTERS)} />
    </div>
  );
}

/**
 * The typed search into the address bar, past the router: a router navigation matches the routes
 * again and re-renders the route's components (measured: about 15 ms of main thread, 60 ms with the
 * bench's CPU throttled 4×), and this write comes just as the parent may type again. The history entry
 * keeps the router's state, so reload, back and forward read the URL as written; the router's own
 * navigations (category, orientation, clearing) set the search from the page's state.
 */
function replaceSearchInUrl(search: string) {
  const url = new URL(window.location.href);
  const params = paramsWithFilters(url.searchParams, { ...filtersFromParams(url.searchParams), search });
  url.search = params.size ? `?${params}` : '';
  window.history.replaceState(window.history.state, '', url);
}

/** After /upload: the age previews are being made meanwhile; the progress page still leads to them. */
function PreviewsOnTheirWay({ params }: { params: URLSearchParams }) {
  const param = params.get('uploadId') ? 'uploadId' : params.get('tempUploadId') ? 'tempUploadId' : null;
  if (!param) return null;
  return (
    <div
      role="status"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-amber-950">
        <span className="font-semibold">Your age previews are being made.</span> Choose a background for your
        photo meanwhile.
      </p>
      <Link
        to={`/progress?${param}=${encodeURIComponent(params.get(param) ?? '')}`}
        className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-amber-900 px-5 font-semibold text-white hover:bg-amber-950 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-300"
      >
        View progress
      </Link>
    </div>
  );
}

function Templates({
  filters,
  params,
  onClear,
}: {
  filters: GalleryFilters;
  params: URLSearchParams;
  onClear: () => void;
}) {
  const query = useTemplateLibrary('composer');
  const navigate = useNavigate();
  // The cards are plain links (a router Link re-renders with every URL change): one handler
  // navigates in the app for all of them, and a modified click still opens a new tab.
  const openCard = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/offspring-gallery');
  };
  const all = query.data?.templates;
  const { search, category, orientation } = filters;
  const matching = useMemo(
    () => (all ? filterTemplates(all, { search, category, orientation }) : []),
    [all, search, category, orientation],
  );
  // A page of cards at a time: a keystroke never lays out hundreds of them on a phone. New filters
  // start again at the first page.
  const filterKey = `${search}\n${category}\n${orientation}`;
  const [paging, setPaging] = useState({ filterKey, pages: 1 });
  const pages = paging.filterKey === filterKey ? paging.pages : 1;
  // While the deferred render of this result is pending, only the cards in view are rendered.
  const settled = useDeferredValue(matching);
  const complete = settled === matching || sameTemplates(settled, matching);
  const pageEnd = pages * PAGE_SIZE;
  const shown = matching.slice(0, complete ? pageEnd : Math.min(pageEnd, FIRST_ROWS * gridColumns()));
  const link = composerLinkFor(params);
  if (query.isPending) return <TemplatesLoading />;
  if (query.isError) return <TemplatesLoadFailed onRetry={() => query.refetch()} />;
  if (matching.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoTemplates
        title={filtered ? 'No templates match these filters' : 'No templates yet'}
        hint={filtered ? 'Try other words or fewer filters.' : 'New scenes arrive often.'}
      >
        {filtered && (
          <Button className="mt-4" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </NoTemplates>
    );
  }
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {matching.length} templates
      </p>
      {/* Busy while only the first rows are rendered and the rest of the page is on its way. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take the keyboard as links do */}
      <ul className={TEMPLATE_GRID} onClick={openCard} aria-label="Templates" aria-busy={!complete}>
        {shown.map((template, index) => (
          <li key={template.templateId}>
            <TemplateCard
              template={template}
              to={link(template.templateId)}
              eager={index < 4}
              plainLink
              details={`${template.category} · ${ORIENTATION_LABELS[template.orientation]}`}
            />
          </li>
        ))}
      </ul>
      {matching.length > pageEnd && (
        <div className="mt-8 text-center">
          <Button variant="secondary" onClick={() => setPaging({ filterKey, pages: pages + 1 })}>
            Show more templates ({matching.length - pageEnd} more)
          </Button>
        </div>
      )}
    </>
  );
}
