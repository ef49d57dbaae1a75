/**
 * Server state of the pack manager: the packs (polled while a generation runs, so the count rises
 * on screen) and the create, Generate and publish/unpublish calls with their toasts.
 */
import { messages } from '@shared/messages';
import type { CreatePackRequest, PackList, PackStatus, PackView } from '@shared/schemas/admin-packs';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi } from '../../../lib/api-client';
import { isGenerating } from './pack-rules';

export const packsQueryKey = ['admin', 'packs'] as const;
/** A run makes five scenes in a few seconds: every 1.5 s shows each one arrive. */
export const PACK_POLL_MS = 1500;

export function usePacks() {
  return useQuery({
    queryKey: packsQueryKey,
    queryFn: ({ signal }) => callApi('listPacks', { signal }),
    refetchInterval: (query) => (isGenerating(query.state.data) ? PACK_POLL_MS : false),
  });
}

/** Puts the pack as the server answered it into the list (new packs first), then re-reads the list. */
function applyPack(client: QueryClient, pack: PackView) {
  client.setQueryData<PackList>(packsQueryKey, (list) => {
    if (!list) return list;
    const known = list.packs.some((p) => p.packId === pack.packId);
    return {
      packs: known ? list.packs.map((p) => (p.packId === pack.packId ? pack : p)) : [pack, ...list.packs],
    };
  });
  void client.invalidateQueries({ queryKey: packsQueryKey });
}

export function useCreatePack(onCreated: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePackRequest) => callApi('createPack', { body }),
    onSuccess: ({ pack }) => {
      applyPack(client, pack);
      toast.success(messages.packCreated);
      onCreated();
    },
    onError: () => toast.error(messages.createPackFailed),
  });
}

export function useGeneratePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => callApi('generatePack', { params: { packId } }),
    onSuccess: ({ pack }) => {
      applyPack(client, pack);
      toast.success(messages.packGenerationStarted);
    },
    onError: () => toast.error(messages.startGenerationFailed),
  });
}

export function useUpdatePackStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ packId, status }: { packId: string; status: PackStatus }) =>
      callApi('updatePackStatus', { params: { packId }, body: { status } }),
    onSuccess: ({ pack }) => {
      applyPack(client, pack);
      // Publish says so; Unpublish gets the generic 'Pack updated'.
      toast.success(pack.status === 'active' ? messages.packPublished : messages.packUpdated);
    },
    onError: () => toast.error(messages.updatePackFailed),
  });
}
