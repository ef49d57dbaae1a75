/** Server state of the composer: its template gallery (approved templates, in the operators' order). */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const composerTemplatesQueryKey = ['composer', 'templates'] as const;
export const composerTemplateQueryKey = (templateId: string) => ['composer', 'template', templateId] as const;

/** The library changes when operators publish, not while a parent browses. */
const LIBRARY_STALE_MS = 5 * 60_000;

export function useComposerTemplates() {
  return useQuery({
    queryKey: composerTemplatesQueryKey,
    queryFn: ({ signal }) => callApi('listComposerTemplates', { signal }),
    staleTime: LIBRARY_STALE_MS,
  });
}

/** A template for the composer: published, and approved (its safe area reviewed) or refused here. */
export function useComposerTemplate(templateId: string | null) {
  return useQuery({
    queryKey: composerTemplateQueryKey(templateId ?? ''),
    queryFn: ({ signal }) => callApi('getTemplate', { params: { templateId: templateId ?? '' }, signal }),
    enabled: templateId !== null,
    staleTime: LIBRARY_STALE_MS,
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
}
