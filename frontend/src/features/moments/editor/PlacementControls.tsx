/**
 * Sliders for position, size and rotation (steps of 1), the tools and undo/redo. A slider
 * drag previews as it moves and is one undo step when it is let go.
 */
import { MOMENTS_RANGES, type Placement } from '@shared/rules/placement';
import { RangeSlider } from '../../../components/keepsake/RangeSlider';
import { ToggleChip } from '../../../components/ui/ToggleChip';
import type { Tool } from './KeepsakeStage';

const percent = (fraction: number) => Math.round(fraction * 100);

export function PlacementSliders({
  placement,
  onPreview,
  onCommit,
}: {
  placement: Placement;
  onPreview(next: Placement): void;
  onCommit(): void;
}) {
  const r = MOMENTS_RANGES;
  // Positions and size show as percent; rotation in degrees.
  const sliders: Array<{ field: keyof Placement; label: string; unit: string; min: number; max: number }> = [
    { field: 'x', label: 'Position X', unit: '%', min: percent(r.x.min), max: percent(r.x.max) },
    { field: 'y', label: 'Position Y', unit: '%', min: percent(r.y.min), max: percent(r.y.max) },
    { field: 'scale', label: 'Size', unit: '%', min: percent(r.scale.min), max: percent(r.scale.max) },
    { field: 'rotation', label: 'Rotation', unit: '°', min: r.rotation.min, max: r.rotation.max },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {sliders.map(({ field, label, unit, min, max }) => {
        const value = field === 'rotation' ? Math.round(placement.rotation) : percent(placement[field]);
        return (
          <RangeSlider
            key={field}
            id={`slider-${label.replace(/\W+/g, '-').toLowerCase()}`}
            label={label}
            shown={`${value}${unit}`}
            min={min}
            max={max}
            step={1}
            value={value}
            onChange={(v) => onPreview({ ...placement, [field]: field === 'rotation' ? v : v / 100 })}
            onCommit={onCommit}
          />
        );
      })}
    </div>
  );
}

export function ToolBar({
  tool,
  onTool,
  brush,
  onBrush,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  tool: Tool;
  onTool(tool: Tool): void;
  brush: number;
  onBrush(px: number): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Tool</legend>
        <ToggleChip pressed={tool === 'move'} onClick={() => onTool('move')}>
          Move
        </ToggleChip>
        <ToggleChip pressed={tool === 'erase'} onClick={() => onTool('erase')}>
          Erase edge
        </ToggleChip>
        <ToggleChip pressed={tool === 'restore'} onClick={() => onTool('restore')}>
          Restore edge
        </ToggleChip>
        <span className="ml-auto flex gap-2">
          {[
            { label: 'Undo', onClick: onUndo, enabled: canUndo, keys: 'Control+Z Meta+Z' },
            {
              label: 'Redo',
              onClick: onRedo,
              enabled: canRedo,
              keys: 'Control+Shift+Z Meta+Shift+Z Control+Y',
            },
          ].map(({ label, onClick, enabled, keys }) => (
            <button
              key={label}
              type="button"
              onClick={onClick}
              disabled={!enabled}
              className="min-h-11 rounded-full border border-violet-200 bg-white px-4 text-sm font-semibold text-slate-800 disabled:opacity-40"
              aria-keyshortcuts={keys}
            >
              {label}
            </button>
          ))}
        </span>
      </fieldset>
      {tool !== 'move' && (
        <label className="flex items-center gap-3 text-sm font-semibold text-slate-800">
          Brush size
          <input
            type="range"
            min={4}
            max={60}
            step={1}
            value={brush}
            onChange={(e) => onBrush(Number(e.target.value))}
            className="h-8 flex-1 accent-violet-700"
          />
        </label>
      )}
    </div>
  );
}
