/** Rename a draft (docs/product.md#moments-drafts): Enter submits; the trimmed name must not be empty. */
import { messages } from '@shared/messages';
import { draftNameSchema } from '@shared/schemas/moments';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';

type Form = { name: string };

const resolver: Resolver<Form, unknown, Form> = (input): ResolverResult<Form, Form> => {
  const parsed = draftNameSchema.safeParse(input.name);
  if (parsed.success) return { values: { name: parsed.data }, errors: {} };
  return { values: {}, errors: { name: { type: 'validate', message: messages.draftNameRequired } } };
};

export function RenameDraftDialog({
  name,
  open,
  pending,
  onOpenChange,
  onRename,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onRename(name: string): void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form, unknown, Form>({ resolver, values: { name } });
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title="Rename draft" description="Give this keepsake a name you will recognise.">
        <form
          noValidate
          onSubmit={handleSubmit(({ name: next }) => onRename(next))}
          className="flex flex-col gap-4"
        >
          <label className="flex flex-col gap-1 font-semibold text-slate-800">
            Name
            <input
              {...register('name')}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'rename-error' : undefined}
              maxLength={80}
              className="min-h-11 rounded-xl border border-violet-200 px-3 font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600"
            />
          </label>
          {errors.name && (
            <p id="rename-error" role="alert" className="text-sm font-semibold text-rose-700">
              {errors.name.message}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
