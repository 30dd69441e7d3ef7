import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import type { Endpoint, ParamsOf, ResultOf } from '@tertulia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { ApiError, forbidden, loginRequired } from './errors';
import { type Projection, parseFields, project } from './fields';
import { FIELD_BYTES, MAX_FIELDS, readMultipart, refuseFakeFiles, removeTemp } from './uploads';
import { validateParams } from './validate';

/**
 * An answer whose JSON was made before (a kept feed page, the member's own view): the body goes
 * out as it is, without serializing the list again, unless `fields` asks for a projection of it.
 */
export class Serialized<T> {
  constructor(
    readonly list: T[],
    readonly json: string | Buffer,
  ) {}
}

type Answer<E extends Endpoint> = ResultOf<E> | ResultOf<E>[] | Serialized<ResultOf<E>>;
export type Handler<E extends Endpoint> = (
  params: ParamsOf<E>,
  ctx: RequestContext,
) => Promise<Answer<E>> | Answer<E>;

const JSON_TYPE = 'application/json; charset=utf-8';

export interface BoundRoute {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
  /** The file that bound it, from packages/server/src: the route table (docs/routes.md). */
  source: string;
}

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));

/** The file of the function that called bind(), read once per route at start. */
function bindingFile(): string {
  const frame = new Error().stack?.split('\n')[3] ?? '';
  const file = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(frame)?.[1];
  if (!file) return 'unknown';
  return path.relative(SERVER_SRC, file.startsWith('file://') ? fileURLToPath(file) : file);
}

/** Binds a handler to its contract entry; the only way a feature exposes an API call. */
export function bind<E extends Endpoint>(endpoint: E, handler: Handler<E>): BoundRoute {
  return { endpoint, handler: handler as unknown as Handler<Endpoint>, source: bindingFile() };
}

/** Query and, for writes, form or JSON body params; multipart bodies are read by readMultipart. */
function gatherParams(request: FastifyRequest, endpoint: Endpoint): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  if (endpoint.method === 'GET') return params;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
  return params;
}

/** Registers every bound route: auth rule, params from query/form/multipart/JSON, envelope, fields. */
export function registerContractRoutes(
  app: FastifyInstance,
  routes: BoundRoute[],
  context: (request: FastifyRequest, reply: FastifyReply) => RequestContext,
  uploadDir = path.join(os.tmpdir(), 'tertulia-uploads'),
) {
  // Writes accept multipart bodies (every write takes form, multipart and JSON bodies); the multipart plugin adds hooks to every
  // request of its context, so it lives in a child context holding only the POST routes.
  const reads = routes.filter((r) => r.endpoint.method === 'GET');
  const writes = routes.filter((r) => r.endpoint.method !== 'GET');
  addRoutes(app, reads, context, uploadDir);
  app.register(async (child) => {
    // No files unless a call takes them: readMultipart sets each call's own limits.
    await child.register(multipart, {
      limits: { fileSize: 0, files: 0, fields: MAX_FIELDS, fieldSize: FIELD_BYTES },
    });
    addRoutes(child, writes, context, uploadDir);
  });
}

function authorize(endpoint: Endpoint, ctx: RequestContext) {
  if (endpoint.auth === 'member' && !ctx.user) throw loginRequired();
  if ((endpoint.auth === 'admin' || endpoint.auth === 'staff') && !ctx.user) throw loginRequired();
  // The row comes from the session cache, which every instance drops when a member's row changes
  // (push/member-changes.ts): a role taken away anywhere is refused here on the next call.
  if (endpoint.auth === 'admin' && !ctx.user?.is_admin) throw forbidden('forbidden.admin');
  if (endpoint.auth === 'staff' && !ctx.user?.is_admin && !ctx.user?.is_moderator)
    throw forbidden('forbidden.staff');
}

/** The envelope's body: `{ResultName: [...]}`, projected by `fields`, or JSON made before as is. */
function envelope(
  endpoint: Endpoint,
  reply: FastifyReply,
  projection: Projection | undefined,
  answer: Answer<Endpoint>,
) {
  let result = answer;
  if (result instanceof Serialized) {
    if (!projection) {
      reply.type(JSON_TYPE);
      return result.json;
    }
    result = result.list;
  }
  const list = Array.isArray(result) ? result : [result];
  const body = projection
    ? project(list, { items: endpoint.result.schema } as never, projection, endpoint.result.name)
    : list;
  return { [endpoint.result.name]: body };
}

function run(
  endpoint: Endpoint,
  handler: Handler<Endpoint>,
  raw: Record<string, unknown>,
  ctx: RequestContext,
) {
  const params = validateParams<ParamsOf<Endpoint> & { fields?: string }>(endpoint.schema, raw);
  const projection = parseFields(params.fields, endpoint.result.name);
  const answer = handler(params, ctx);
  // Most reads answer from the session or a cache without a promise: they cost none here either
  // (Fastify sends a plain return value at once).
  return answer instanceof Promise
    ? answer.then((result) => envelope(endpoint, ctx.reply, projection, result))
    : envelope(endpoint, ctx.reply, projection, answer);
}

function addRoutes(
  app: FastifyInstance,
  routes: BoundRoute[],
  context: (request: FastifyRequest, reply: FastifyReply) => RequestContext,
  uploadDir: string,
) {
  for (const { endpoint, handler } of routes) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: (request, reply) => {
        const ctx = context(request, reply);
        authorize(endpoint, ctx);
        if (endpoint.method !== 'GET' && request.isMultipart?.()) {
          // Temporary files live as long as the handler: removed on success and failure alike.
          const temp: string[] = [];
          return readMultipart(request, endpoint, uploadDir, temp)
            .catch((error) => {
              // Refused before the body ended (a part over its limit, a file not taken): answer
              // now and close, rather than read the rest of what may be a gigabyte (docs/security.md).
              if (!request.raw.complete) reply.header('connection', 'close');
              throw error;
            })
            .then((raw) => run(endpoint, handler, raw, ctx))
            .finally(() => removeTemp(temp));
        }
        const raw = gatherParams(request, endpoint);
        refuseFakeFiles(endpoint, raw);
        return run(endpoint, handler, raw, ctx);
      },
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
