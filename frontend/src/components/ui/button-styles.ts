/** Class names of the button look, shared by <Button> and <ButtonLink>. */
import { cn } from '../../lib/cn';

/** `custom`: shape and focus ring only; the caller supplies the colours. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'custom';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 focus-visible:ring-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-violet-700 text-white shadow-sm hover:bg-violet-800 active:bg-violet-900',
  secondary: 'bg-rose-100 text-rose-900 hover:bg-rose-200',
  outline: 'border-2 border-violet-200 bg-white text-violet-800 hover:border-violet-400 hover:bg-violet-50',
  ghost: 'text-slate-700 hover:bg-violet-50 hover:text-violet-800',
  /** Deleting or cancelling something for good. */
  danger: 'border-2 border-rose-300 bg-white text-rose-800 hover:border-rose-400 hover:bg-rose-50',
  custom: '',
};

// Every size keeps a touch target of at least 44 px.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-4 text-sm',
  md: 'min-h-12 px-6 text-base',
  lg: 'min-h-14 px-8 text-lg',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}
