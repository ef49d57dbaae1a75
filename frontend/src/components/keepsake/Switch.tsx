/** An editor's on/off setting: a checkbox announced as a switch, with its label. */
export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-violet-700"
      />
      {label}
    </label>
  );
}
