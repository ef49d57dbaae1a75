/** Modal dialog on Radix (focus trap, Escape, aria wiring) with the app's look. */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where the focus goes when the dialog closes (Radix's default: what had it when the dialog opened). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
      <RadixDialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        onCloseAutoFocus={onCloseAutoFocus}
        // Without a description Radix warns unless aria-describedby is explicitly absent.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-xl font-bold text-slate-900">{title}</RadixDialog.Title>
          <RadixDialog.Close
            className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        {description && (
          <RadixDialog.Description className="mb-4 text-slate-700">{description}</RadixDialog.Description>
        )}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
