const STEPS = [
  { title: 'Browse Templates', body: 'Pick a design for the moment you want to keep.', icon: '🎨' },
  { title: 'Upload Your Photo', body: 'Add the photo and customize its position.', icon: '📸' },
  { title: 'See The Magic', body: 'Your result appears in seconds.', icon: '✨' },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-white/70 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="how-heading" className="text-center text-3xl font-extrabold tracking-tight text-slate-900">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="flex flex-col items-center rounded-3xl bg-violet-50/60 p-6 text-center"
            >
              <span
                className="flex size-12 items-center justify-center rounded-full bg-violet-700 text-xl font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title} <span aria-hidden="true">{step.icon}</span>
              </h3>
              <p className="mt-2 text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
