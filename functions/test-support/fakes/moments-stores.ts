/**
 * The Moments stores in memory with the conditions of adapters/dynamo/moments-store.ts and
 * composition-store.ts: drafts are per user, a rename writes its analytics event in the same step,
 * and an HD keepsake's record and debit happen together or not at all (one record per request),
 * and only while its photo exists.
 */
import { isDeepStrictEqual } from 'node:util';
import { MOMENTS_STATUSES } from '@shared/templates';
import type {
  CompositionLink,
  CompositionStore,
  DraftStore,
  TemplateStore,
} from '../../core/moments/moments-ports';
import type { Clock } from '../../core/ports';
import { fakeCredits } from './credits';
import { ConditionalCheckFailed, copy, type FakeTable } from './table';

export function createFakeTemplateStore(table: FakeTable): TemplateStore {
  return {
    async putTemplate(template) {
      table.templates.set(template.id, copy(template));
    },
    async putTemplates(templates) {
      for (const template of templates) table.templates.set(template.id, copy(template));
    },
    listAll: async () =>
      [...table.templates.values()]
        .sort((a, b) => `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`))
        .map(copy),
    getTemplate: async (id) => copy(table.templates.get(id) ?? null),
    listPublished: async () =>
      [...table.templates.values()]
        .filter((t) => MOMENTS_STATUSES.includes(t.status))
        .sort((a, b) => `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`))
        .map(copy),
    listApproved: async () =>
      [...table.templates.values()]
        .filter((t) => t.status === 'approved')
        .sort(
          (a, b) =>
            a.displayOrder - b.displayOrder ||
            `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`),
        )
        .map(copy),
  };
}

export function createFakeDraftStore(table: FakeTable): DraftStore {
  const key = (userSub: string, id: string) => `${userSub}/${id}`;
  return {
    listDrafts: async (userSub) =>
      [...table.drafts.values()]
        .filter((d) => d.userSub === userSub)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .map(copy),
    getDraft: async (userSub, id) => copy(table.drafts.get(key(userSub, id)) ?? null),
    async createDraft(draft) {
      const existing = table.drafts.get(key(draft.userSub, draft.id));
      // As putNew: the same draft resent (its answer lost) is no error; another under its id is.
      if (existing && isDeepStrictEqual(existing, draft)) return;
      if (existing) throw new ConditionalCheckFailed(`draft ${draft.id} exists`);
      table.drafts.set(key(draft.userSub, draft.id), copy(draft));
    },
    async updateDraft(draft) {
      if (!table.drafts.has(key(draft.userSub, draft.id))) return false;
      table.drafts.set(key(draft.userSub, draft.id), copy(draft));
      return true;
    },
    async renameDraft(userSub, id, name, at) {
      const draft = table.drafts.get(key(userSub, id));
      if (!draft) return null;
      const oldName = draft.name;
      const renamed = { ...draft, name, updatedAt: at };
      table.drafts.set(key(userSub, id), renamed);
      table.analytics.push({
        event_type: 'draft_renamed',
        metadata: { draft_id: id, old_name: oldName, new_name: name, timestamp: at },
      });
      return { draft: copy(renamed), oldName };
    },
    deleteDraft: async (userSub, id) => table.drafts.delete(key(userSub, id)),
  };
}

export function createFakeCompositionStore(table: FakeTable, clock: Clock): CompositionStore {
  const key = (userSub: string, requestId: string) => `${userSub}/${requestId}`;
  const credits = fakeCredits(table, clock);
  const link = (record: CompositionLink) => {
    const { id, owner, requestId, quality, uploadId, key: file, createdAt } = record;
    const links = table.uploadCompositions.get(uploadId) ?? new Map<string, CompositionLink>();
    links.set(id, { id, owner, requestId, quality, uploadId, key: file, createdAt });
    table.uploadCompositions.set(uploadId, links);
  };
  return {
    getHdComposition: async (userSub, requestId) =>
      copy(table.compositions.get(key(userSub, requestId)) ?? null),
    async recordHdComposition(userSub, record, charge) {
      // The adapter's transaction checks that the item exists (an expired one still does).
      if (!table.uploads.has(record.uploadId)) return { status: 'upload_gone' };
      const existing = table.compositions.get(key(userSub, record.requestId));
      if (existing) return { status: 'duplicate', record: copy(existing) };
      if (!credits.covers(userSub, charge)) return { status: 'insufficient' };
      const balance = credits.take(userSub, charge, record.id);
      table.compositions.set(key(userSub, record.requestId), copy(record));
      link(record);
      return { status: 'recorded', balance };
    },
    async recordFreeComposition(record) {
      if (!table.uploads.has(record.uploadId)) return false;
      link(record);
      return true;
    },
    listByUpload: async (uploadId) => copy([...(table.uploadCompositions.get(uploadId)?.values() ?? [])]),
    async forget(links) {
      for (const { uploadId, id, owner, quality, requestId } of links) {
        table.uploadCompositions.get(uploadId)?.delete(id);
        if (table.uploadCompositions.get(uploadId)?.size === 0) table.uploadCompositions.delete(uploadId);
        if (quality === 'hd' && owner.startsWith('user:'))
          table.compositions.delete(key(owner.slice('user:'.length), requestId));
      }
    },
  };
}
