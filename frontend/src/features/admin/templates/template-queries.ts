/** Server state of the template editor and seeder: every template, a save, an import. */
import type { UpdateTemplateRequest } from '@shared/schemas/admin-templates';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const adminTemplatesQueryKey = ['admin', 'templates'] as const;

/**
 * A save or an import changes what the galleries list: the editor's list, and the Moments and
 * composer galleries' caches (their keys start with these; features do not import each other).
 */
function invalidateLists(client: QueryClient) {
  for (const queryKey of [adminTemplatesQueryKey, ['moments'], ['composer']]) {
    void client.invalidateQueries({ queryKey });
  }
}

export function useAdminTemplates() {
  return useQuery({
    queryKey: adminTemplatesQueryKey,
    queryFn: ({ signal }) => callApi('listAdminTemplates', { signal }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: UpdateTemplateRequest }) =>
      callApi('updateTemplate', { params: { templateId }, body }),
    onSuccess: () => invalidateLists(client),
  });
}

export function useImportTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templates: unknown[]) => callApi('importTemplates', { body: { templates } }),
    onSuccess: () => invalidateLists(client),
  });
}
