/** HTTP API: Moments — the template library, cut-outs, keepsakes (free and HD) and drafts. */

import { createHdExport } from '../core/composer/hd-export';
import type { MomentsDeps } from '../core/lambda-deps';
import { createFreeKeepsake, createHdKeepsake } from '../core/moments/compositions';
import { createCutout } from '../core/moments/cutouts';
import {
  createDraft,
  deleteDraft,
  duplicateDraft,
  getDraft,
  listDrafts,
  renameDraft,
  saveDraft,
} from '../core/moments/drafts';
import { getTemplate, listComposerTemplates, listTemplates } from '../core/moments/templates';
import { createHttpHandler } from './http/router';

export type { MomentsDeps };

export const createMomentsHandler = (deps: MomentsDeps) =>
  createHttpHandler(
    'moments',
    {
      listTemplates: (deps) => listTemplates(deps),
      listComposerTemplates: (deps) => listComposerTemplates(deps),
      getTemplate: (deps, { params }) => getTemplate(deps, params.templateId),
      createCutout: (deps, { principal, params }) => createCutout(deps, principal, params.uploadId),
      createComposition: (deps, { principal, body }) => createFreeKeepsake(deps, principal, body),
      createHdComposition: (deps, { principal, body }) => createHdKeepsake(deps, principal, body),
      createComposerHdComposition: (deps, { principal, body }) => createHdExport(deps, principal, body),
      listDrafts: (deps, { principal }) => listDrafts(deps, principal),
      createDraft: (deps, { principal, body }) => createDraft(deps, principal, body),
      getDraft: (deps, { principal, params }) => getDraft(deps, principal, params.draftId),
      saveDraft: (deps, { principal, params, body }) => saveDraft(deps, principal, params.draftId, body),
      renameDraft: (deps, { principal, params, body }) =>
        renameDraft(deps, principal, params.draftId, body.name),
      duplicateDraft: (deps, { principal, params }) => duplicateDraft(deps, principal, params.draftId),
      deleteDraft: (deps, { principal, params }) => deleteDraft(deps, principal, params.draftId),
    },
    deps,
  );
