/** The wizard's steps as the product numbers them (there are no steps 3 and 5; docs/product.md#composer-wizard). */
import { cn } from '../../../lib/cn';

export type Step = 1 | 2 | 4 | 6;

const STEPS: Array<{ step: Step; label: string }> = [
  { step: 1, label: 'Choose background' },
  { step: 2, label: 'Upload the child photo' },
  { step: 4, label: 'Position and adjust' },
  { step: 6, label: 'Result' },
];

export function StepList({ current }: { current: Step }) {
  return (
    <ol aria-label="Steps" className="mt-4 flex flex-wrap gap-2 text-sm">
      {STEPS.map(({ step, label }) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={cn(
            'rounded-full border px-3 py-1 font-semibold',
            step === current
              ? 'border-violet-700 bg-violet-700 text-white'
              : step < current
                ? 'border-violet-200 bg-violet-50 text-violet-900'
                : 'border-slate-200 bg-white text-slate-600',
          )}
        >
          <span className="tabular-nums">{step}</span> {label}
        </li>
      ))}
    </ol>
  );
}
