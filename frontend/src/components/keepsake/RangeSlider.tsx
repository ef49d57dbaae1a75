/** An editor's labelled slider, its value shown beside the label. */
type Props = {
  id: string;
  label: string;
  /** The value as the parent reads it (e.g. "40%"). */
  shown: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange(value: number): void;
  /** The drag or key press let go (one undo step). */
  onCommit?(): void;
};

export function RangeSlider({ id, label, shown, min, max, step, value, onChange, onCommit }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-semibold text-slate-800">
          {label}
        </label>
        <output htmlFor={id} className="tabular-nums text-slate-600">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        onPointerUp={onCommit}
        onKeyUp={onCommit}
        onBlur={onCommit}
        className="h-8 w-full accent-violet-700"
      />
    </div>
  );
}
