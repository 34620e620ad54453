import { z } from 'zod';
import { apiRoutes, type AnyRoute } from '@voltpark/contract';
import { routeKey } from './api.js';

const toJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJson(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/**
 * The OpenAPI document of the whole public API, built from the contract (SPEC §7). Calls that a
 * later issue will serve are listed too, marked `x-served: false`, so the docs never hide them.
 */
export function buildOpenApiDocument(served: ReadonlySet<string>, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of Object.entries(apiRoutes) as [string, AnyRoute][]) {
    const openApiPath = r.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
    const isServed = served.has(routeKey(r));
    const bodyType =
      r.bodyType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
    (paths[openApiPath] ??= {})[r.method.toLowerCase()] = {
      operationId: name,
      summary: r.summary,
      description: isServed
        ? undefined
        : `Declared in the contract; served by the ${r.owner} issue.`,
      tags: [r.tag],
      'x-served': isServed,
      'x-auth': r.auth,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      ...(r.body
        ? { requestBody: { required: true, content: { [bodyType]: { schema: toJson(r.body) } } } }
        : {}),
      responses: r.raw
        ? { '200': { description: r.raw } }
        : {
            '200': {
              description: 'Envelope: result, data, messages, useAlert',
              content: { 'application/json': { schema: toJson(r.response) } },
            },
          },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voltpark API',
      version,
      description:
        'Every JSON answer is `{result, data, extraData?, messages[], useAlert}`. Send `X-Lang: hu|en` for message language.',
    },
    paths,
  };
}
