import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/**
 * The one rule for where the server may connect when a member or a game supplied the address
 * (docs/security.md, "Outbound requests"): public unicast addresses only, checked on the address
 * actually connected to, so a name that resolves differently later (DNS rebinding) gains nothing.
 */

/** Why an outbound address was refused; callers turn it into their own error for the member. */
export type RefusalReason = 'url' | 'scheme' | 'credentials' | 'address' | 'timeout' | 'tooLarge';

export class OutboundRefused extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(`outbound request refused (${reason}): ${detail}`);
  }
}

export interface GuardOptions {
  /** Loopback and private targets too: local test services only (OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** Name resolution; tests swap it to play a name that changes its answer. */
  lookup?: typeof dns.lookup;
}

/**
 * Whether an address is a public unicast one. ipaddr.js names every special range (loopback,
 * private, link-local, CGNAT, multicast, unspecified, broadcast, reserved, IPv4-mapped, NAT64,
 * 6to4, Teredo, unique-local...); everything but plain `unicast` is refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.parse(bare).range() === 'unicast';
}

const allowed = (address: string, o: GuardOptions) => o.allowPrivate === true || isPublicAddress(address);

/** An IP literal host (URL hostnames keep IPv6 brackets) or undefined for a name. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls/http(s) connects: resolves every address of the name and refuses the
 * connection when any of them is not public, so the socket only ever opens to a checked address.
 */
export function guardedLookup(o: GuardOptions = {}) {
  const resolve = o.lookup ?? dns.lookup;
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !allowed(a.address, o));
      if (refused || list.length === 0) {
        return callback(
          new OutboundRefused('address', `${hostname} -> ${refused?.address ?? 'nothing'}`),
          '',
        );
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** `localhost` and its subdomains are loopback by name (RFC 6761), whatever a resolver says. */
const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/**
 * Refuses an IP literal that is not public (Node skips `lookup` for literals, so this comes
 * first) and the names that always mean this machine.
 */
function refuseLiteral(hostname: string, o: GuardOptions): OutboundRefused | undefined {
  if (o.allowPrivate) return undefined;
  const literal = ipLiteral(hostname);
  if (literal && !isPublicAddress(literal)) return new OutboundRefused('address', literal);
  if (!literal && isLocalName(hostname)) return new OutboundRefused('address', hostname);
  return undefined;
}

export interface GuardedAgentOptions extends GuardOptions {
  /** Connect timeout (ms). */
  connectTimeoutMs?: number;
  /** Waiting for response headers, and between body chunks (ms). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  connections?: number;
  keepAliveTimeoutMs?: number;
  /** TLS options for the connect, e.g. `ca` of a local test service. */
  tls?: { ca?: string | Buffer | (string | Buffer)[]; rejectUnauthorized?: boolean };
}

/** An undici dispatcher whose every connection goes through the guard (IP literals and names). */
export function guardedAgent(o: GuardedAgentOptions = {}): Agent {
  const base = buildConnector({
    ...o.tls,
    timeout: o.connectTimeoutMs ?? 5_000,
    lookup: guardedLookup(o),
  } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (options, callback) => {
    const refused = refuseLiteral(options.hostname, o);
    if (refused) return callback(refused, null);
    return base(options, callback);
  };
  return new Agent({
    connect,
    connections: o.connections ?? 32,
    keepAliveTimeout: o.keepAliveTimeoutMs ?? 30_000,
    headersTimeout: o.headersTimeoutMs ?? 10_000,
    bodyTimeout: o.bodyTimeoutMs ?? 10_000,
  });
}

/**
 * The same guard as an `https.Agent`, for libraries that take one (the `web-push` library's
 * `agent` option): names go through the guarded lookup, literals are checked before connecting.
 */
export function guardedHttpsAgent(o: GuardOptions & https.AgentOptions = {}): https.Agent {
  const { allowPrivate, lookup, ...agentOptions } = o;
  const guard = { allowPrivate, lookup };
  const agent = new https.Agent({ ...agentOptions, lookup: guardedLookup(guard) as never });
  const createConnection = agent.createConnection.bind(agent) as (...args: unknown[]) => net.Socket;
  agent.createConnection = ((options: { host?: string }, callback?: (error: Error | null) => void) => {
    const refused = refuseLiteral(options.host ?? '', guard);
    if (!refused) return createConnection(options, callback);
    // The agent's callback form: the request emits the error instead of the caller's stack throwing.
    if (callback) callback(refused);
    else throw refused;
    return undefined;
  }) as typeof agent.createConnection;
  return agent;
}

const RESOLVE_WAIT_MS = 2_000;

export interface UrlRules extends GuardOptions {
  /** Plain http too (local test services only); https otherwise. */
  allowHttp?: boolean;
}

/** Scheme, credentials and IP-literal checks of a URL, without any network. */
export function checkUrlShape(raw: string, o: UrlRules = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('url', 'not a URL');
  }
  if (url.protocol !== 'https:' && !(o.allowHttp && url.protocol === 'http:')) {
    throw new OutboundRefused('scheme', url.protocol);
  }
  if (url.username || url.password) throw new OutboundRefused('credentials', url.hostname);
  const refused = refuseLiteral(url.hostname, o);
  if (refused) throw refused;
  return url;
}

/**
 * `checkUrlShape` plus a look at what the name resolves to now: an early, clear refusal (when a
 * member saves an address). A name that does not resolve passes here; the connect-time guard
 * still decides every request, since DNS can change between now and then.
 */
export async function checkUrl(raw: string, o: UrlRules = {}): Promise<URL> {
  const url = checkUrlShape(raw, o);
  if (ipLiteral(url.hostname) || o.allowPrivate) return url;
  const addresses = await new Promise<dns.LookupAddress[]>((resolve) => {
    // A slow resolver is not the member's fault: past the wait the connect-time guard decides.
    const wait = setTimeout(() => resolve([]), RESOLVE_WAIT_MS);
    (o.lookup ?? dns.lookup)(url.hostname, { all: true }, (error, found) => {
      clearTimeout(wait);
      resolve(error ? [] : (found as dns.LookupAddress[]));
    });
  });
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new OutboundRefused('address', `${url.hostname} -> ${refused.address}`);
  return url;
}
