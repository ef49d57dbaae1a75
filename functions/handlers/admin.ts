/**
 * HTTP API: the operator pages — the admin guard's check, first-admin setup, the go-live checklist,
 * packs, the template editor and seeder, and the AI test pages.
 */
import { createAiRun, getAgeTest, getAiProviders, getAiRun, startAgeTest } from '../core/admin/ai-tests';
import { startDemoAgeTest } from '../core/admin/demo-age-test';
import { grantFirstAdmin } from '../core/admin/first-admin';
import { importTemplates } from '../core/admin/import-templates';
import { createPack, generatePack, listPacks, updatePackStatus } from '../core/admin/packs';
import { listAdminTemplates, updateTemplate } from '../core/admin/templates';
import type { AdminDeps } from '../core/lambda-deps';
import { createHttpHandler } from './http/router';

export type { AdminDeps };

export const createAdminHandler = (deps: AdminDeps) =>
  createHttpHandler(
    'admin',
    {
      getAdminSession: async (_deps, { principal }) => ({
        email: principal.kind === 'user' ? (principal.email ?? '') : '',
      }),
      grantFirstAdmin: (deps, { principal }) => grantFirstAdmin(deps, principal),
      getGoLiveConfig: async (deps) => deps.goLive,
      listPacks: (deps) => listPacks(deps),
      createPack: (deps, { body }) => createPack(deps, body),
      updatePackStatus: (deps, { params, body }) => updatePackStatus(deps, params.packId, body.status),
      generatePack: (deps, { params }) => generatePack(deps, params.packId),
      listAdminTemplates: (deps) => listAdminTemplates(deps),
      updateTemplate: (deps, { params, body }) => updateTemplate(deps, params.templateId, body),
      importTemplates: (deps, { body, remainingMs }) => importTemplates(deps, body.templates, remainingMs),
      getAiProviders: async (deps) => getAiProviders(deps),
      startAgeTest: (deps, { principal, body }) => startAgeTest(deps, principal, body),
      startDemoAgeTest: (deps, { principal, body }) => startDemoAgeTest(deps, principal, body),
      getAgeTest: (deps, { principal, params }) => getAgeTest(deps, principal, params.testId),
      createAiRun: (deps, { principal, body }) => createAiRun(deps, principal, body),
      getAiRun: (deps, { params }) => getAiRun(deps, params.runId),
    },
    deps,
  );
