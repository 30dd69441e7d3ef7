import net from 'node:net';

/**
 * The benchmarks' HTTP/1.1 client: keep-alive sockets with one request in flight on each, raw
 * writes and a minimal response parser (status line, content-length). Node's http.Agent costs
 * 50-100 µs of the client process per request; that time would count in a send's measured
 * latency, and the relay's clients pay nothing like it. Answers must carry content-length.
 */

const HEADER_END = Buffer.from('\r\n\r\n');

export interface Answer {
  status: number;
  body: Buffer;
}

/** Takes one whole response off the front of `buffer`, or undefined while it is incomplete. */
export function takeResponse(buffer: Buffer): { answer: Answer; rest: Buffer } | undefined {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return undefined;
  const header = buffer.toString('latin1', 0, end);
  const length = /\r\ncontent-length: *(\d+)/i.exec(header)?.[1];
  if (length === undefined) throw new Error(`response without content-length:\n${header}`);
  const start = end + HEADER_END.length;
  const total = start + Number(length);
  if (buffer.length < total) return undefined;
  return {
    answer: { status: Number(header.slice(9, 12)), body: buffer.subarray(start, total) },
    rest: buffer.subarray(total),
  };
}

/** One keep-alive connection: requests written in turn, each answer handed to its callback. */
export class KeepAliveSocket {
  readonly socket: net.Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: ((answer: Answer | Error) => void)[] = [];

  constructor(port: number, host = '127.0.0.1') {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => {
      this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
      for (let taken = takeResponse(this.#buffer); taken; taken = takeResponse(this.#buffer)) {
        this.#buffer = taken.rest;
        this.#waiting.shift()?.(taken.answer);
      }
    });
    this.socket.on('error', (error) => {
      for (const done of this.#waiting.splice(0)) done(error);
    });
  }

  get busy(): boolean {
    return this.#waiting.length > 0;
  }

  request(raw: Buffer | string, done: (answer: Answer | Error) => void) {
    this.#waiting.push(done);
    this.socket.write(raw);
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * POSTs on up to `size` keep-alive sockets to one server, one request in flight per socket,
 * queued in order beyond that (as http.Agent with maxSockets does).
 */
export class PostPool {
  readonly #sockets: KeepAliveSocket[] = [];
  readonly #queue: { raw: string; done: (answer: Answer | Error) => void }[] = [];
  readonly #url: URL;

  constructor(
    url: string,
    readonly size: number,
  ) {
    this.#url = new URL(url);
  }

  post(cookie: string, body: string, done: (answer: Answer | Error) => void) {
    const { host, pathname } = this.#url;
    const raw =
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookie}\r\n\r\n${body}`;
    this.#queue.push({ raw, done });
    this.#pump();
  }

  #pump() {
    while (this.#queue.length) {
      let socket = this.#sockets.find((s) => !s.busy);
      if (!socket && this.#sockets.length < this.size) {
        socket = new KeepAliveSocket(Number(this.#url.port), this.#url.hostname);
        this.#sockets.push(socket);
      }
      if (!socket) return;
      const { raw, done } = this.#queue.shift()!;
      socket.request(raw, (answer) => {
        done(answer);
        this.#pump();
      });
    }
  }

  close() {
    for (const socket of this.#sockets) socket.close();
  }
}
