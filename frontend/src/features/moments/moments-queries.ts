/** Server state of Moments: the template library (public) and the signed-in parent's drafts. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const templatesQueryKey = ['moments', 'templates'] as const;
export const templateQueryKey = (templateId: string) => ['moments', 'template', templateId] as const;
export const draftsQueryKey = (sub: string) => ['moments', 'drafts', sub] as const;

/** The library changes when operators publish, not while a parent browses. */
const LIBRARY_STALE_MS = 5 * 60_000;

export function useTemplates() {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) => callApi('listTemplates', { signal }),
    staleTime: LIBRARY_STALE_MS,
  });
}

export function useTemplate(templateId: string) {
  return useQuery({
    queryKey: templateQueryKey(templateId),
    queryFn: ({ signal }) => callApi('getTemplate', { params: { templateId }, signal }),
    staleTime: LIBRARY_STALE_MS,
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
}
