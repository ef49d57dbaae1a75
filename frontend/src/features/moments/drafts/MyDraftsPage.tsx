/** /moments/drafts: the signed-in parent's drafts, newest first; open, rename, duplicate, delete. */
import { messages } from '@shared/messages';
import type { DraftView } from '@shared/schemas/moments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageLoading, PageMessage } from '../../../components/ui/PageState';
import { callApi, serverReason } from '../../../lib/api-client';
import { type AuthUser, useAuth } from '../../../lib/auth/auth-store';
import { useSendToSignIn } from '../../../lib/auth/use-send-to-sign-in';
import { useTemplateLibrary } from '../../../lib/template-library';
import { storeResumeDraft } from '../resume-draft';
import { DraftCard } from './DraftCard';
import { RenameDraftDialog } from './RenameDraftDialog';

export function MyDraftsPage() {
  const auth = useAuth();
  const sendToSignIn = useSendToSignIn();
  if (auth.status === 'unknown') return <PageLoading label="Loading your drafts" />;
  if (auth.status === 'signedOut') {
    return (
      <PageMessage emoji="🗂️" title="Sign in to keep drafts">
        <p className="text-slate-700">
          Drafts save your keepsakes as you make them, so you can finish them any time. You can still make
          keepsakes without an account.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => sendToSignIn()}>Sign in</Button>
          <ButtonLink to="/moments" variant="outline">
            Browse templates
          </ButtonLink>
        </div>
      </PageMessage>
    );
  }
  return <Drafts key={auth.user.sub} user={auth.user} />;
}

const newestFirst = (drafts: DraftView[]) =>
  [...drafts].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

function Drafts({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queryKey = ['moments', 'drafts', user.sub] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi('listDrafts', { signal }),
    select: (data) => newestFirst(data.drafts),
  });
  // Where each template's square is cut (its ground line): the library the gallery already reads.
  const library = useTemplateLibrary('moments');
  const groundOf = (templateId: string) =>
    library.data?.templates.find((template) => template.templateId === templateId)?.groundY;
  const [renaming, setRenaming] = useState<DraftView | null>(null);
  const [deleting, setDeleting] = useState<DraftView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const open = (draft: DraftView) => {
    storeResumeDraft(draft);
    navigate(`/moments/editor/${draft.templateId}`);
  };
  const rename = useMutation({
    mutationFn: ({ draft, name }: { draft: DraftView; name: string }) =>
      callApi('renameDraft', { params: { draftId: draft.draftId }, body: { name } }),
    onSuccess: () => {
      setRenaming(null);
      toast.success(messages.draftRenamed);
      refresh();
    },
    onError: (error) => toast.error(messages.renameDraftFailed, { description: serverReason(error) }),
  });
  const duplicate = useMutation({
    mutationFn: (draft: DraftView) => callApi('duplicateDraft', { params: { draftId: draft.draftId } }),
    onSuccess: (copy) => {
      refresh();
      open(copy);
    },
    onError: (error) => toast.error(messages.duplicateDraftFailed, { description: serverReason(error) }),
  });
  const remove = useMutation({
    mutationFn: (draft: DraftView) => callApi('deleteDraft', { params: { draftId: draft.draftId } }),
    onSuccess: () => {
      setDeleting(null);
      toast.success(messages.draftDeleted);
      refresh();
    },
    onError: (error) => toast.error(messages.deleteDraftFailed, { description: serverReason(error) }),
  });

  if (query.isPending) return <PageLoading label="Loading your drafts" />;
  if (query.isError) {
    return (
      <PageMessage emoji="🗂️" title="We could not load your drafts" role="alert">
        <Button onClick={() => query.refetch()}>Try again</Button>
      </PageMessage>
    );
  }
  const busy = rename.isPending || duplicate.isPending || remove.isPending;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">My Drafts</h1>
          <p className="mt-2 text-slate-700">Keepsakes you started. They save as you edit.</p>
        </div>
        <ButtonLink to="/moments" variant="secondary">
          Back to Moments
        </ButtonLink>
      </header>
      {query.data.length === 0 ? (
        <div className="mt-10 rounded-3xl border border-dashed border-violet-200 p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">No drafts yet</p>
          <p className="mt-1 text-slate-700">Pick a template, add a photo, and your work saves here.</p>
          <ButtonLink to="/moments" className="mt-4">
            Browse templates
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {query.data.map((draft) => (
            <li key={draft.draftId}>
              <DraftCard
                draft={draft}
                groundY={groundOf(draft.templateId)}
                busy={busy}
                onOpen={() => open(draft)}
                onRename={() => setRenaming(draft)}
                onDuplicate={() => duplicate.mutate(draft)}
                onDelete={() => setDeleting(draft)}
              />
            </li>
          ))}
        </ul>
      )}
      <RenameDraftDialog
        name={renaming?.name ?? ''}
        open={renaming !== null}
        pending={rename.isPending}
        onOpenChange={(next) => !next && setRenaming(null)}
        onRename={(name) => renaming && rename.mutate({ draft: renaming, name })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete this draft?"
        description={
          deleting ? `“${deleting.name}” will be gone for good. Your photo stays in My photos.` : ''
        }
        confirmLabel="Delete draft"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
