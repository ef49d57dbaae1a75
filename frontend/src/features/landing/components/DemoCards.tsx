const DEMOS = [
  {
    src: '/demo/newborn.svg',
    title: 'Newborn milestones',
    alt: 'A "Hello, little one" birth card with a sleeping baby on a cloud under the moon',
  },
  {
    src: '/demo/growing-up.svg',
    title: 'Age previews',
    alt: 'Illustrated portraits of a child at ages 10, 16 and 21',
  },
  {
    src: '/demo/first-birthday.svg',
    title: 'Birthday collages',
    alt: 'A first-birthday collage of instant photos with a cake and balloons',
  },
] as const;

export function DemoCards() {
  return (
    <section aria-labelledby="demo-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="demo-heading" className="sr-only">
        Examples
      </h2>
      {/* Phones swipe through the examples instead of scrolling past three full-height cards. */}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label="Examples"
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {DEMOS.map((demo) => (
          <li key={demo.src} className="w-[78%] shrink-0 snap-center sm:w-auto">
            <figure className="overflow-hidden rounded-3xl border border-violet-100 bg-white shadow-sm">
              <img
                src={demo.src}
                alt={demo.alt}
                width={600}
                height={750}
                loading="lazy"
                decoding="async"
                className="aspect-[4/5] w-full object-cover"
              />
              <figcaption className="px-5 py-4 font-semibold text-slate-800">{demo.title}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
