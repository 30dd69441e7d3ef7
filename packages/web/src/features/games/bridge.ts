import {
  type ErrorKind,
  type MethodName,
  type ParamsOf,
  PROTOCOL,
  type ResponseMessage,
  type ResultOf,
  validateRequest,
} from '@tertulia/games-sdk/protocol';

/**
 * A live event for the game (a `gameEvent` push for its gid, or RECONNECTED_EVENT): posted to the
 * frame's window only, never read back.
 */
export function postGameEvent(frame: Window | null | undefined, event: string, data: unknown = null): void {
  // '*': the sandboxed frame's origin is opaque; the event is the game's own data.
  frame?.postMessage({ protocol: PROTOCOL, event, data }, '*');
}

/** What the host does for each SDK method; the game id and the member come from the page. */
export type BridgeHandlers = { [M in MethodName]: (params: ParamsOf<M>) => Promise<ResultOf<M>> };

/** A refusal the game should see with this kind (the handlers throw it; anything else is 'server'). */
export class BridgeError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface BridgeLimits {
  /** Requests a game may send at once before it is throttled, then refilled per second. */
  burst: number;
  perSecond: number;
  /** Calls running at the same time; more wait for their turn, beyond the queue they are refused. */
  concurrent: number;
  queue: number;
}

/** Generous for play (a score, a leaderboard, presence now and then), tight for a flood. */
export const BRIDGE_LIMITS: BridgeLimits = { burst: 30, perSecond: 10, concurrent: 4, queue: 20 };

/**
 * The host page's end of the games SDK (docs/games-container.md): listens for messages from ONE frame's
 * window, validates them, throttles them, runs the handler and answers the frame. A message from
 * any other window (another frame, another tab, the page itself) is ignored; the game id is never
 * read from a message.
 */
export function startBridge(options: {
  frame: () => Window | null | undefined;
  handlers: BridgeHandlers;
  texts: { invalid: (reason: string) => string; rateLimited: string; failed: string };
  limits?: BridgeLimits;
  now?: () => number;
  /** Called for each refused request (tests and the page's own counter). */
  onRefused?: (kind: ErrorKind) => void;
}): () => void {
  const limits = options.limits ?? BRIDGE_LIMITS;
  const now = options.now ?? (() => performance.now());
  let tokens = limits.burst;
  let refilledAt = now();
  let running = 0;
  const waiting: Array<() => void> = [];
  // Refusals are answered while this lasts, then dropped: answering a flood would keep the page busy.
  let answersLeft = limits.burst;

  const post = (target: Window, message: ResponseMessage) => {
    // '*': a sandboxed frame's origin is opaque ("null"), so no origin can name it; the answer
    // carries nothing the game didn't ask for, and goes only to that frame's window.
    target.postMessage(message, '*');
  };
  const refuse = (target: Window, id: string | undefined, kind: ErrorKind, message: string) => {
    options.onRefused?.(kind);
    if (id === undefined || answersLeft <= 0) return;
    answersLeft--;
    post(target, { protocol: PROTOCOL, id, ok: false, error: { kind, message } });
  };
  const take = () => {
    const t = now();
    const refill = ((t - refilledAt) / 1000) * limits.perSecond;
    if (refill >= 1) {
      tokens = Math.min(limits.burst, tokens + Math.floor(refill));
      answersLeft = Math.min(limits.burst, answersLeft + Math.floor(refill));
      refilledAt = t;
    }
    if (tokens < 1) return false;
    tokens--;
    return true;
  };

  const run = async (target: Window, id: string, method: MethodName, params: unknown) => {
    if (running >= limits.concurrent) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      const handler = options.handlers[method] as (p: unknown) => Promise<unknown>;
      const result = await handler(params);
      post(target, { protocol: PROTOCOL, id, ok: true, result });
    } catch (error) {
      const kind = error instanceof BridgeError ? error.kind : 'server';
      const message = error instanceof Error && error.message ? error.message : options.texts.failed;
      post(target, { protocol: PROTOCOL, id, ok: false, error: { kind, message } });
    } finally {
      running--;
      waiting.shift()?.();
    }
  };

  const onMessage = (event: MessageEvent) => {
    const frame = options.frame();
    // Only the game's own frame: event.source is the sending window, which a page cannot forge.
    if (!frame || event.source !== frame) return;
    const checked = validateRequest(event.data);
    if (!checked.ok) {
      if ('ignore' in checked) return;
      return refuse(frame, checked.id, 'invalid', options.texts.invalid(checked.reason));
    }
    const { id, method, params } = checked.request;
    if (!take() || waiting.length >= limits.queue)
      return refuse(frame, id, 'rate_limited', options.texts.rateLimited);
    void run(frame, id, method, params);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
