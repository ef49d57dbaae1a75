/**
 * The built-in template library: illustrated scenes for every Moments theme and every composer
 * category, in the three orientations (docs/architecture.md#keepsakes). The local stack seeds it, so
 * no gallery is ever empty offline. Bump SCENES_VERSION when the drawing changes: the seeder redraws
 * then.
 */

import { type MomentTheme, ORIENTATIONS, type TemplateCategory } from '@shared/templates';
import type { LibraryScene } from '../types';
import { GROUND_Y, type SceneKind } from './kinds';
import { safeAreaOf } from './safe-areas';

export const SCENES_VERSION = '6';

export type LibraryEntry = LibraryScene & {
  kind: SceneKind;
  hue: number;
  /** Which of its kind's compositions the scene draws. */
  variant: number;
  /** Where the child stands, as a fraction of the height (the safe area's bottom). */
  groundY: number | null;
};

type Family = {
  kind: SceneKind;
  theme: MomentTheme;
  category: TemplateCategory;
  names: readonly string[];
};

/** Each family lists its scene names; a name per template, hues spread around the wheel. */
const FAMILIES: readonly Family[] = [
  {
    kind: 'party',
    theme: 'birthday',
    category: 'Birthdays',
    names: [
      'Balloon Party',
      'Confetti Celebration',
      'Cake Time',
      'Party Bunting',
      'Birthday Wishes',
      'Happy Birthday Bash',
    ],
  },
  { kind: 'party', theme: 'birthday', category: 'Milestones', names: ['First Birthday', 'Half Birthday'] },
  {
    kind: 'christmas',
    theme: 'christmas',
    category: 'Holidays',
    names: ['Christmas Eve', 'Under the Tree', 'Silent Night', 'Presents Morning', 'Starry Christmas'],
  },
  {
    kind: 'snow',
    theme: 'christmas',
    category: 'Seasons',
    names: ['Snowman Day', 'Winter Wonderland', 'First Snow'],
  },
  {
    kind: 'castle',
    theme: 'fantasy',
    category: 'Fantasy',
    names: ['Fairy Tale Castle', 'Royal Palace', 'Enchanted Kingdom', 'Castle at Dusk', 'Dragon Keep'],
  },
  {
    kind: 'space',
    theme: 'fantasy',
    category: 'Adventure',
    names: ['Space Explorer', 'Ringed Planet', 'Moon Landing'],
  },
  {
    kind: 'halloween',
    theme: 'halloween',
    category: 'Holidays',
    names: ['Pumpkin Patch', 'Spooky Night', 'Trick or Treat', 'Harvest Moon'],
  },
  { kind: 'halloween', theme: 'halloween', category: 'Fantasy', names: ['Haunted Hollow', 'Bat Moon'] },
  {
    kind: 'farm',
    theme: 'animals',
    category: 'Family',
    names: ['Farm Friends', 'Sheep Meadow', 'Red Barn', 'Country Morning'],
  },
  {
    kind: 'ocean',
    theme: 'animals',
    category: 'Adventure',
    names: ['Under the Sea', 'Whale Hello', 'Coral Reef'],
  },
  {
    kind: 'spring',
    theme: 'animals',
    category: 'Seasons',
    names: ['Butterfly Garden', 'Spring Blossom', 'Flower Meadow'],
  },
  { kind: 'park', theme: 'everyday', category: 'Family', names: ['Sunny Park', 'Picnic Path', 'Park Bench'] },
  {
    kind: 'beach',
    theme: 'everyday',
    category: 'Seasons',
    names: ['Beach Day', 'Summer Shore', 'Seaside Sun'],
  },
  {
    kind: 'sports',
    theme: 'everyday',
    category: 'Sports',
    names: ['Big Match', 'Goal!', 'Stadium Lights', 'Penalty Kick', 'Cup Final', 'Training Day'],
  },
  { kind: 'autumn', theme: 'everyday', category: 'Seasons', names: ['Autumn Leaves', 'Golden Fall'] },
  {
    kind: 'school',
    theme: 'everyday',
    category: 'Milestones',
    names: ['First Day of School', 'Back to School', 'Class Photo', 'Graduation Day'],
  },
  { kind: 'home', theme: 'everyday', category: 'Family', names: ['Home Sweet Home', 'Garden Gate'] },
  {
    kind: 'mountains',
    theme: 'everyday',
    category: 'Adventure',
    names: ['Mountain Camp', 'Sunset Peaks', 'Big Adventure'],
  },
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Families take turns (the first of each, then the second of each...): seeded creation times follow
 * this order, so the newest-first gallery shows a mix rather than a wall of one kind.
 */
export const LIBRARY: readonly LibraryEntry[] = FAMILIES.flatMap((family, f) =>
  family.names.map((sceneName, i) => {
    const orientation = ORIENTATIONS[(f + i) % ORIENTATIONS.length];
    // Counted over every family of the kind, so two families of one kind draw different compositions.
    const variant = FAMILIES.slice(0, f).reduce(
      (n, other) => n + (other.kind === family.kind ? other.names.length : 0),
      i,
    );
    return {
      slug: slugOf(sceneName),
      sceneName,
      theme: family.theme,
      category: family.category,
      orientation,
      safeArea: safeAreaOf(orientation),
      version: SCENES_VERSION,
      kind: family.kind,
      hue: (variant * 47) % 360,
      variant,
      groundY: GROUND_Y,
      turn: i * FAMILIES.length + f,
    };
  }),
)
  .sort((a, b) => a.turn - b.turn)
  .map(({ turn: _turn, ...entry }) => entry);
