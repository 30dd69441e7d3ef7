import multipart from '@fastify/multipart';
import type { Endpoint, ParamsOf, ResultOf } from '@tertulia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { ApiError, forbidden, loginRequired } from './errors';
import { parseFields, project } from './fields';
import { validateParams } from './validate';

export type Handler<E extends Endpoint> = (
  params: ParamsOf<E>,
  ctx: RequestContext,
) => Promise<ResultOf<E> | ResultOf<E>[]> | ResultOf<E> | ResultOf<E>[];

export interface BoundRoute {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
}

/** Binds a handler to its contract entry; the only way a feature exposes an API call. */
export function bind<E extends Endpoint>(endpoint: E, handler: Handler<E>): BoundRoute {
  return { endpoint, handler: handler as unknown as Handler<Endpoint> };
}

async function gatherParams(request: FastifyRequest, endpoint: Endpoint): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  if (endpoint.method === 'GET') return params;
  if (request.isMultipart?.()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        params[part.fieldname] = {
          filename: part.filename,
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        };
      } else params[part.fieldname] = part.value;
    }
    return params;
  }
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
  return params;
}

/** Registers every bound route: auth rule, params from query/form/multipart/JSON, envelope, fields. */
export function registerContractRoutes(
  app: FastifyInstance,
  routes: BoundRoute[],
  context: (request: FastifyRequest) => RequestContext,
) {
  // Writes accept multipart bodies (DESIGN section 3); the multipart plugin adds hooks to every
  // request of its context, so it lives in a child context holding only the POST routes.
  const reads = routes.filter((r) => r.endpoint.method === 'GET');
  const writes = routes.filter((r) => r.endpoint.method !== 'GET');
  addRoutes(app, reads, context);
  app.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 10, fields: 50 } });
    addRoutes(child, writes, context);
  });
}

function addRoutes(
  app: FastifyInstance,
  routes: BoundRoute[],
  context: (request: FastifyRequest) => RequestContext,
) {
  for (const { endpoint, handler } of routes) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        const ctx = context(request);
        if (endpoint.auth === 'member' && !ctx.user) throw loginRequired();
        if (endpoint.auth === 'admin' && !ctx.user) throw loginRequired();
        if (endpoint.auth === 'admin' && !ctx.user?.is_admin) throw forbidden('forbidden.admin');
        const raw = await gatherParams(request, endpoint);
        const params = validateParams<ParamsOf<Endpoint> & { fields?: string }>(endpoint.schema, raw);
        const projection = parseFields(params.fields, endpoint.result.name);
        const result = await handler(params, ctx);
        const list = Array.isArray(result) ? result : [result];
        const body = projection
          ? project(list, { items: endpoint.result.schema } as never, projection, endpoint.result.name)
          : list;
        reply.header('cache-control', 'no-store');
        return { [endpoint.result.name]: body };
      },
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
