/** "Get Notified": asks for an email so the parent hears when HD versions are ready. */
import { messages } from '@shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { callApi } from '../../../lib/api-client';
import { uploadQueryKey } from '../../../lib/upload-query';

type NotifyDialogProps = { uploadId: string; open: boolean; onOpenChange: (open: boolean) => void };

export function NotifyDialog({ uploadId, open, onOpenChange }: NotifyDialogProps) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (value: string) =>
      callApi('saveUploadEmail', { params: { uploadId }, body: { email: value } }),
    onSuccess: () => {
      toast.success(messages.emailSaved);
      onOpenChange(false);
      void queryClient.invalidateQueries({ queryKey: uploadQueryKey(uploadId) });
    },
    onError: () => toast.error(messages.emailSaveFailed),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(email.trim());
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Get Notified"
        description="Leave your email and we will let you know as soon as the HD versions of your previews are ready."
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <label htmlFor={emailId} className="font-semibold text-slate-900">
              Email address
            </label>
            <input
              id={emailId}
              type="email"
              name="email"
              required
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
              className="min-h-12 rounded-2xl border-2 border-slate-300 px-4 text-lg text-slate-900 placeholder:text-slate-500 focus:border-violet-600 focus:outline-none focus:ring-4 focus:ring-violet-200"
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">No thanks</Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Notify Me'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
