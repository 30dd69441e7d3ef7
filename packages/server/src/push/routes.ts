import { PUSH_PATH } from '@tertulia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { forbidden, loginRequired } from '../http/errors';
import { isSameOrigin } from '../http/origin';
import { sessionHashOf } from '../http/session';
import type { Hub } from './hub';
import type { OnlineSource } from './presence';

const SOURCES: OnlineSource[] = ['Web', 'Mobile', 'iphoneApp', 'androidApp'];

/** The push WebSocket: refused (before the upgrade) without a session or from a foreign Origin. */
export function registerPushRoute(app: FastifyInstance, hub: Hub, publicUrl: string | undefined) {
  const refuse = async (request: FastifyRequest) => {
    if (!isSameOrigin(request, publicUrl, true)) throw forbidden('forbidden.origin');
    if (!request.member) throw loginRequired();
  };
  app.get(
    PUSH_PATH,
    { websocket: true, preValidation: refuse },
    async (socket: WebSocket, request: FastifyRequest) => {
      const user = request.member!;
      const asked = (request.query as { source?: string }).source as OnlineSource;
      const source = SOURCES.includes(asked) ? asked : 'Web';
      await hub.add(user.id, socket, source, sessionHashOf(request));
      socket.send(JSON.stringify({ type: 'hello', userId: user.id, serverTime: Date.now() }));
    },
  );
}
