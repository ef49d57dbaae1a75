/** Top of an upsell page: the child's free preview (when ready), the heading and a line under it. */
import type { RenderJobView } from '@shared/schemas/uploads';
import type { ReactNode } from 'react';

type UpsellHeroProps = { jobs: readonly RenderJobView[]; title: string; children: ReactNode };

export function UpsellHero({ jobs, title, children }: UpsellHeroProps) {
  const preview = jobs.find((job) => job.status === 'done' && job.previewUrl)?.previewUrl;
  return (
    <header className="mt-4 flex flex-col items-center text-center">
      {preview && (
        <img
          src={preview}
          alt=""
          className="size-24 rounded-full border-4 border-white object-cover shadow-md shadow-violet-200 sm:size-28"
          decoding="async"
        />
      )}
      <h1 className="mt-4 text-balance text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-pretty text-lg text-slate-700">{children}</p>
    </header>
  );
}
