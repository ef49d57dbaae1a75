/**
 * The zod schemas of the route table as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1)
 * components for shared/openapi.ts, with zod's own converter (z.toJSONSchema over a registry).
 */
import { z } from 'zod';
import type { RouteDef } from './api';
import * as accountSchemas from './schemas/account';
import * as paymentSchemas from './schemas/payments';
import * as uploadSchemas from './schemas/uploads';

type JsonObject = Record<string, unknown>;
const SCHEMA_REF = '#/components/schemas/';

/**
 * JSON Schema components of the route table's schemas, and of the schemas of shared/schemas they
 * nest, named after their export (uploadViewSchema -> UploadView); a schema only a route knows is
 * named after the route (health -> HealthResponse). Request bodies are described as the client
 * sends them (zod's input: defaults optional), responses as the server sends them (output).
 */
export function componentSchemas(table: Record<string, RouteDef>, errorSchema: z.ZodType) {
  const registry = z.registry<{ id: string }>();
  const names = exportedSchemaNames();
  const register = (schema: z.ZodType, fallbackName: string) => {
    if (!registry.has(schema)) registry.add(schema, { id: names.get(schema) ?? fallbackName });
    return registry.get(schema)!.id;
  };
  const requestIds: string[] = [];
  const responseIds = [register(errorSchema, 'ErrorBody')];
  for (const [routeId, route] of Object.entries(table)) {
    if (route.body) requestIds.push(register(route.body, `${pascal(routeId)}Request`));
    responseIds.push(register(route.response, `${pascal(routeId)}Response`));
  }
  // Named schemas nested in these become $refs too.
  for (const [schema, name] of names) if (!registry.has(schema)) registry.add(schema, { id: name });

  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(registry, {
      io,
      target: 'draft-2020-12',
      // A schema JSON Schema cannot describe fails here (and in the unit test), never becomes {}.
      unrepresentable: 'throw',
      uri: (id) => `${SCHEMA_REF}${id}`,
    }).schemas as Record<string, JsonObject>;
  const input = convert('input');
  const output = convert('output');
  if ('__shared' in input || '__shared' in output) {
    throw new Error('A schema of the route table needs shared $defs (a cycle?): give it a name instead');
  }

  const schemas: Record<string, JsonObject> = {};
  const take = (version: Record<string, JsonObject>, ids: string[]) => {
    for (const id of reachable(version, ids)) {
      const { $schema: _, $id: __, ...schema } = version[id];
      const known = schemas[id];
      if (known && JSON.stringify(known) !== JSON.stringify(schema)) {
        throw new Error(`Schema ${id} differs as request and as response: give each role its own schema`);
      }
      schemas[id] = schema;
    }
  };
  take(input, requestIds);
  take(output, responseIds);
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  const refOf = (schema: z.ZodType) => {
    const id = registry.get(schema)?.id;
    if (!id) throw new Error('Only schemas of the route table have components');
    return { $ref: `${SCHEMA_REF}${id}` };
  };
  return { schemas: sorted, refOf };
}

/** Exported schemas of shared/schemas by name; an alias keeps the shorter (more general) name. */
function exportedSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const module of [uploadSchemas, accountSchemas, paymentSchemas]) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema')) continue;
      const name = pascal(exportName.slice(0, -'Schema'.length));
      const known = names.get(value);
      if (!known || name.length < known.length) names.set(value, name);
    }
  }
  return names;
}

/** The ids of `roots` and of every component they reference, directly or not. */
function reachable(schemas: Record<string, JsonObject>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)) {
        visitId(inner.slice(SCHEMA_REF.length));
      } else visit(inner);
    }
  };
  const visitId = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    visit(schemas[id]);
  };
  roots.forEach(visitId);
  return seen;
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
