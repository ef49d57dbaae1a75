/** /my-photos: the signed-in parent's uploads, newest first, HD credits, delete and account deletion. */
import { messages } from '@shared/messages';
import type { MyUpload } from '@shared/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PageLoading } from '../../components/ui/PageState';
import { Spinner } from '../../components/ui/Spinner';
import { callApi, errorMessage } from '../../lib/api-client';
import type { AuthUser } from '../../lib/auth/auth-store';
import { useRequireSignIn } from '../../lib/auth/use-require-sign-in';
import { AccountPanel } from './components/AccountPanel';
import { DeleteAccountSection } from './components/DeleteAccountSection';
import { PhotoCard } from './components/PhotoCard';
import { anyPhotoProcessing, formatPhotoDate, newestFirst } from './photo-list-rules';

const POLL_WHILE_PROCESSING_MS = 4000;

export function MyPhotosPage() {
  const auth = useRequireSignIn();
  if (auth.status !== 'signedIn') return <PageLoading label="Loading your photos" />;
  return <MyPhotos key={auth.user.sub} user={auth.user} />;
}

function MyPhotos({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  // Keyed by user: a cached list never shows to the next parent on a shared device.
  const queryKey = ['myUploads', user.sub];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi('listMyUploads', { signal }),
    select: (data) => newestFirst(data.uploads),
    refetchInterval: (q) => (anyPhotoProcessing(q.state.data?.uploads) ? POLL_WHILE_PROCESSING_MS : false),
  });
  const [toDelete, setToDelete] = useState<MyUpload | null>(null);
  const remove = useMutation({
    mutationFn: (upload: MyUpload) => callApi('deleteUpload', { params: { uploadId: upload.uploadId } }),
    onSuccess: (_, upload) => {
      queryClient.setQueryData<{ uploads: MyUpload[] }>(queryKey, (data) =>
        data ? { uploads: data.uploads.filter((u) => u.uploadId !== upload.uploadId) } : data,
      );
      setToDelete(null);
      toast.success(messages.photoDeleted);
    },
    onError: (error) => toast.error(errorMessage(error, messages.photoDeleteFailed)),
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">My photos</h1>
          <p className="mt-2 text-slate-700">
            Signed in as <span className="break-all font-semibold text-slate-900">{user.email}</span>
          </p>
        </div>
        {query.data && query.data.length > 0 && (
          <ButtonLink to="/upload" className="self-start sm:self-auto">
            Upload a new photo
          </ButtonLink>
        )}
      </header>

      <AccountPanel userSub={user.sub} />

      <div className="mt-8">
        {query.isPending ? (
          <div className="flex min-h-[30dvh] items-center justify-center">
            <Spinner className="size-10" label="Loading your photos" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
            <p className="text-lg font-semibold text-slate-900">{messages.photosLoadFailed}</p>
            <p className="text-slate-700">{errorMessage(query.error, messages.checkConnection)}</p>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        ) : query.data.length === 0 ? (
          <EmptyState />
        ) : (
          <ul aria-label="Your photos" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.map((upload) => (
              <li key={upload.uploadId}>
                <PhotoCard upload={upload} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <DeleteAccountSection email={user.email} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this photo?"
        description={
          toDelete
            ? `The photo from ${formatPhotoDate(toDelete.createdAt)} and all of its previews are removed for good.`
            : ''
        }
        confirmLabel="Delete photo"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}

function EmptyState() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border-2 border-dashed border-violet-200 bg-white/70 px-6 py-12 text-center">
      <p className="text-5xl" aria-hidden="true">
        📸
      </p>
      <h2 className="text-2xl font-bold text-slate-900">No photos yet</h2>
      <p className="text-slate-700">
        Upload a photo of your child and their previews will be saved here, ready whenever you are.
      </p>
      <ButtonLink to="/upload" size="lg">
        Upload a photo
      </ButtonLink>
    </div>
  );
}
