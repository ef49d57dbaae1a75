import type { TEMPLATE_SQUARES } from '@shared/deployment';
/** The ports Moments needs beside the upload ones: templates, drafts, keepsake records and the drawing. */

import type { ComposerTransform } from '@shared/rules/composer-transform';
import type { BrushStroke } from '@shared/rules/keepsake-drawing';
import type { MomentsBlend, Placement } from '@shared/rules/placement';
import type { MomentTheme, Orientation, SafeArea, TemplateCategory, TemplateStatus } from '@shared/templates';
import type { CreditCharge } from '../payments/payment-ports';
import type { OwnerRef } from '../ports';

export type TemplateRecord = {
  id: string;
  sceneName: string;
  theme: MomentTheme;
  category: TemplateCategory;
  orientation: Orientation;
  nativeWidth: number;
  nativeHeight: number;
  safeArea: SafeArea;
  status: TemplateStatus;
  displayOrder: number;
  createdAt: string;
  /**
   * What made the images (the importer, a pack run, a library scene's version): the version of the
   * layers drawn from them, and the seeder redraws only when it changes.
   */
  imageSource: string;
  /** The scene's ground line, a fraction of its height, when its generator reported one. */
  groundY?: number;
  /** Where a child is first placed (fractions of the template, set by the importer). */
  placement?: { x: number; y: number; width: number; height: number; rotation: number };
  /** The pack that generated it: listed only while that pack is published (moments/templates.ts). */
  packId?: string;
};

export interface TemplateStore {
  putTemplate(template: TemplateRecord): Promise<void>;
  getTemplate(id: string): Promise<TemplateRecord | null>;
  /** Templates listed in Moments (active and approved), newest first, through an index. */
  listPublished(): Promise<TemplateRecord[]>;
  /** Templates of the composer gallery (approved), display order ascending then newest first, through an index. */
  listApproved(): Promise<TemplateRecord[]>;
  /** Every template whatever its status (the operators' editor), newest first, through an index. */
  listAll(): Promise<TemplateRecord[]>;
  /** Writes many new templates in batches (the importer). */
  putTemplates(templates: readonly TemplateRecord[]): Promise<void>;
}

export type DraftRecord = {
  id: string;
  userSub: string;
  name: string;
  templateId: string;
  templateName: string;
  theme: MomentTheme;
  uploadId: string;
  placement: Placement;
  strokes: BrushStroke[];
  /** Absent from drafts saved before the blend existed: they open with the defaults. */
  blend?: MomentsBlend;
  /** The editor's canvas the placement was made on (always 800×800 so far). */
  canvas?: { width: number; height: number };
  createdAt: string;
  updatedAt: string;
};

export interface DraftStore {
  /** A user's drafts, most recently changed first. */
  listDrafts(userSub: string): Promise<DraftRecord[]>;
  getDraft(userSub: string, id: string): Promise<DraftRecord | null>;
  /** Creates a draft; the id is new, so it never overwrites one. */
  createDraft(draft: DraftRecord): Promise<void>;
  /** Replaces an existing draft's content; false when it does not exist (deleted meanwhile). */
  updateDraft(draft: DraftRecord): Promise<boolean>;
  /**
   * Renames a draft and records the `draft_renamed` analytics event in one transaction; the
   * draft as renamed and its old name, or null when it does not exist.
   */
  renameDraft(
    userSub: string,
    id: string,
    name: string,
    at: string,
  ): Promise<{ draft: DraftRecord; oldName: string } | null>;
  /** false when it did not exist. */
  deleteDraft(userSub: string, id: string): Promise<boolean>;
}

export type CompositionQuality = 'free' | 'hd';

export type CompositionRecord = {
  id: string;
  owner: OwnerRef;
  /** The browser's id for the click that asked for it: the same id is made (and paid) once. */
  requestId: string;
  quality: CompositionQuality;
  templateId: string;
  uploadId: string;
  key: string;
  width: number;
  height: number;
  paidWith: 'credits' | 'subscription' | 'none';
  createdAt: string;
};

export type RecordHdResult =
  | { status: 'recorded'; balance: number | null }
  | { status: 'duplicate'; record: CompositionRecord }
  | { status: 'insufficient' }
  /** The upload was deleted meanwhile: nothing written. */
  | { status: 'upload_gone' };

/** What deleting an upload needs to know of a keepsake made from it. */
export type CompositionLink = Pick<
  CompositionRecord,
  'id' | 'owner' | 'requestId' | 'quality' | 'uploadId' | 'key' | 'createdAt'
>;

export interface CompositionStore {
  /** An HD keepsake already made for this request of this user. */
  getHdComposition(userSub: string, requestId: string): Promise<CompositionRecord | null>;
  /**
   * The HD record and its charge in ONE transaction: the record only if the request is new, the
   * debit only if the balance covers it (with its ledger entry). Nothing is written otherwise.
   */
  recordHdComposition(
    userSub: string,
    record: CompositionRecord,
    charge: CreditCharge,
  ): Promise<RecordHdResult>;
  /**
   * Records a free keepsake under its upload; false when the upload no longer exists. Each record
   * (the HD one too) is written only while its upload exists, so once the upload is gone no new one
   * can appear and `listByUpload` is complete.
   */
  recordFreeComposition(link: CompositionLink): Promise<boolean>;
  /** Every keepsake recorded from an upload (strongly consistent). */
  listByUpload(uploadId: string): Promise<CompositionLink[]>;
  /** Drops the records of these keepsakes (their files already deleted), the HD ones' too. */
  forget(links: readonly CompositionLink[]): Promise<void>;
}

/**
 * A layer of a keepsake: bytes to fetch, and a key that names exactly those bytes (a template image
 * with its version, a cut-out with its creation time), so a warm renderer can reuse what it decoded.
 */
export type LayerSource = { cacheKey: string; load(): Promise<Buffer> };

export type KeepsakeDrawing = {
  background: LayerSource;
  cutout: LayerSource;
  /** The photo behind the cut-out, for restore strokes: loaded only when a stroke restores. */
  source?: LayerSource;
  placement: Placement;
  strokes: readonly BrushStroke[];
  blend: MomentsBlend;
  /**
   * The template's size and ground line (a fraction of its height), if known: a template taller
   * than the square is shown around its ground line (coverCrop), as its square copies are cut.
   */
  template?: { width: number; height: number; groundY?: number };
  /** Side of the square output in pixels. */
  size: number;
  watermark: boolean;
};

/** A composer keepsake: the template at its native size with the subject placed by the composer's transform. */
export type ComposerDrawing = {
  background: LayerSource;
  cutout: LayerSource;
  transform: ComposerTransform;
  safeArea: SafeArea;
  groundY?: number;
  /** The output, in pixels: the template's native size. */
  width: number;
  height: number;
};

/** Milliseconds per stage: fetching the layers (storage), decoding, drawing, encoding. */
export type KeepsakeTimings = { load: number; decode: number; draw: number; encode: number };

/** Draws keepsakes on the server with the same drawing function as the browser. */
export interface KeepsakeRenderer {
  /** A JPEG without metadata. */
  render(drawing: KeepsakeDrawing): Promise<{ jpeg: Buffer; timings: KeepsakeTimings }>;
  /** A composer keepsake (no watermark: the free one is made in the browser). */
  renderComposition(drawing: ComposerDrawing): Promise<{ jpeg: Buffer; timings: KeepsakeTimings }>;
  /** A cut-out PNG scaled to fit CUTOUT_COPY_SIDE, for free keepsakes (PNG). */
  cutoutCopy(png: Buffer): Promise<Buffer>;
}

/** A template of a built-in library (the illustrated scenes the local stack seeds). */
export type LibraryScene = {
  /** Stable and unique: the template's id is derived from it. */
  slug: string;
  sceneName: string;
  theme: MomentTheme;
  category: TemplateCategory;
  orientation: Orientation;
  safeArea: SafeArea;
  /** The scene's ground line, a fraction of its height, when the generator knows it. */
  groundY?: number | null;
  /** Changes whenever the scene's drawing changes, so the seeder redraws it. */
  version: string;
};

/** A template's square copies (TEMPLATE_SQUARES), JPEG. */
export type TemplateSquares = Record<keyof typeof TEMPLATE_SQUARES, Buffer>;

export type TemplateImages = {
  native: Buffer;
  watermarked: Buffer;
  thumb: Buffer;
  squares: TemplateSquares;
  width: number;
  height: number;
};

export interface SceneLibrary {
  readonly scenes: readonly LibraryScene[];
  render(scene: LibraryScene): Promise<TemplateImages>;
}
