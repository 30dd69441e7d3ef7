import type { Endpoint } from '@tertulia/contract';
import { ErrorStatus } from '@tertulia/contract';

/** OpenAPI 3 document generated from the contract: the docs page never drifts from the code. */
export function openApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, unknown> = {};
  for (const e of endpoints) {
    const props = e.schema.properties as Record<string, { description?: string }>;
    const required = new Set<string>((e.schema.required as string[] | undefined) ?? []);
    const errorResponses = Object.fromEntries(
      e.errors.map((kind) => [
        String(ErrorStatus[kind]),
        { description: kind, content: { 'application/json': { schema: { type: 'object' } } } },
      ]),
    );
    const operation: Record<string, unknown> = {
      tags: [e.area],
      summary: e.summary,
      operationId: `${e.area}.${e.call}`,
      description: `Auth: ${e.auth}. Result key: ${e.result.name}.`,
      responses: {
        200: {
          description: `{"${e.result.name}": [...]}`,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { [e.result.name]: { type: 'array', items: e.result.schema } },
              },
            },
          },
        },
        ...errorResponses,
      },
    };
    if (e.method === 'GET') {
      operation.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      const type = e.multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
      operation.requestBody = {
        content: { [type]: { schema: e.schema }, 'application/json': { schema: e.schema } },
      };
    }
    paths[e.path] = { [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Tertulia API', version: '1.0.0', description: 'Generated from packages/contract.' },
    paths,
  };
}
