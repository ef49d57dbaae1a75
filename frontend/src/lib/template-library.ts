/**
 * The template library as the two editors read it: Moments lists every published template, the
 * composer only the approved ones in the operators' order; one template comes from the same route.
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

type Library = 'moments' | 'composer';

const LIST_ROUTE = { moments: 'listTemplates', composer: 'listComposerTemplates' } as const;

/** The library changes when operators publish, not while a parent browses. */
const LIBRARY_STALE_MS = 5 * 60_000;

export function useTemplateLibrary(library: Library) {
  return useQuery({
    queryKey: [library, 'templates'],
    queryFn: ({ signal }) => callApi(LIST_ROUTE[library], { signal }),
    staleTime: LIBRARY_STALE_MS,
  });
}

/** One template (none asked while the id is null); a 404 is not retried. */
export function useLibraryTemplate(library: Library, templateId: string | null) {
  return useQuery({
    queryKey: [library, 'template', templateId ?? ''],
    queryFn: ({ signal }) => callApi('getTemplate', { params: { templateId: templateId ?? '' }, signal }),
    enabled: templateId !== null,
    staleTime: LIBRARY_STALE_MS,
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
}
