/**
 * Sliders for position, size and rotation (steps of 1), the tools and undo/redo. A slider
 * drag previews as it moves and is one undo step when it is let go.
 */
import { MOMENTS_RANGES, type Placement } from '@shared/rules/placement';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { Tool } from './KeepsakeStage';

type SliderProps = {
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  onPreview(value: number): void;
  onCommit(): void;
};

function Slider({ label, value, min, max, unit, onPreview, onCommit }: SliderProps) {
  const id = `slider-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-semibold text-slate-800">
          {label}
        </label>
        <output htmlFor={id} className="tabular-nums text-slate-600">
          {value}
          {unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onPreview(Number(e.target.value))}
        onPointerUp={onCommit}
        onKeyUp={onCommit}
        onBlur={onCommit}
        className="h-8 w-full accent-violet-700"
      />
    </div>
  );
}

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
      {sliders.map(({ field, ...slider }) => (
        <Slider
          key={field}
          {...slider}
          value={field === 'rotation' ? Math.round(placement.rotation) : percent(placement[field])}
          onPreview={(v) => onPreview({ ...placement, [field]: field === 'rotation' ? v : v / 100 })}
          onCommit={onCommit}
        />
      ))}
    </div>
  );
}

function ToolButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
        pressed
          ? 'border-violet-700 bg-violet-700 text-white'
          : 'border-violet-200 bg-white text-slate-800 hover:bg-violet-50',
      )}
    >
      {children}
    </button>
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
        <ToolButton pressed={tool === 'move'} onClick={() => onTool('move')}>
          Move
        </ToolButton>
        <ToolButton pressed={tool === 'erase'} onClick={() => onTool('erase')}>
          Erase edge
        </ToolButton>
        <ToolButton pressed={tool === 'restore'} onClick={() => onTool('restore')}>
          Restore edge
        </ToolButton>
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={onUndo}
            disabled={!canUndo}
            className="min-h-11 rounded-full border border-violet-200 bg-white px-4 text-sm font-semibold text-slate-800 disabled:opacity-40"
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={onRedo}
            disabled={!canRedo}
            className="min-h-11 rounded-full border border-violet-200 bg-white px-4 text-sm font-semibold text-slate-800 disabled:opacity-40"
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          >
            Redo
          </button>
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
