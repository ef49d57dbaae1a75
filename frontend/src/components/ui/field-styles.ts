/** The look of text inputs across the app (large, high-contrast, a clear focus ring, red when invalid). */
export const inputClass =
  'min-h-12 w-full rounded-2xl border-2 border-slate-300 bg-white px-4 text-lg text-slate-900 placeholder:text-slate-500 focus:border-violet-600 focus:outline-none focus:ring-4 focus:ring-violet-200 aria-[invalid=true]:border-rose-600';
