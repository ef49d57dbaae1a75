/** "Delete my account": explains what goes, asks once, then signs out and goes home. */
import { messages } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { callApi, errorMessage } from '../../../lib/api-client';
import { signOut } from '../../../lib/auth/auth-session';

export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => callApi('deleteAccount'),
    onSuccess: async () => {
      setOpen(false);
      // Home first, so this signed-in-only page does not bounce the parent to /auth.
      navigate('/', { replace: true, flushSync: true });
      await signOut().catch(() => undefined);
      toast.success(messages.accountDeleted);
    },
    onError: (error) => toast.error(errorMessage(error, messages.accountDeleteFailed)),
  });

  return (
    <section
      aria-labelledby="delete-account"
      className="mt-14 rounded-3xl border border-rose-200 bg-rose-50/60 p-5 sm:p-6"
    >
      <h2 id="delete-account" className="text-lg font-bold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-1 text-slate-700">Removes your account and everything in it, for good.</p>
      <Button variant="danger" size="sm" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={
          <>
            This deletes the account <strong className="break-all">{email}</strong>, every photo you uploaded
            and all of their previews, including HD images you unlocked. It cannot be undone.
          </>
        }
        cancelLabel="Keep my account"
        confirmLabel="Delete everything"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}
