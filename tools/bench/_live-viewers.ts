/**
 * tools/bench/live.ts's viewers, in a process of their own: each polls the playlist as an HLS
 * player at the live edge does (every POLL_MS, staggered), starts at the newest segment, then
 * fetches every new segment (and a run's init segment once) over keep-alive HTTP. Answers when
 * each segment was in hand, per viewer, and how many requests were made in the window.
 */
import http from 'node:http';

export interface ViewersTask {
  port: number;
  /** The playlist's path; segments are relative to it. */
  playlist: string;
  /** One viewer per cookie ('' for none). */
  cookies: string[];
  pollMs: number;
  warmupMs: number;
  durationMs: number;
}

export interface ViewersResult {
  type: 'done';
  /** Segment fetches finished in the window: which segment, when (epoch ms). */
  fetches: { uri: string; at: number }[];
  requests: number;
  failures: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function get(port: number, path: string, cookie: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: cookie ? { cookie } : {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function watch(task: ViewersTask, cookie: string, until: number, measureFrom: number) {
  const base = task.playlist.slice(0, task.playlist.lastIndexOf('/') + 1);
  const seen = new Set<string>();
  const maps = new Set<string>();
  const fetches: ViewersResult['fetches'] = [];
  let requests = 0;
  let failures = 0;
  let started = false;
  const count = (status: number) => {
    if (Date.now() >= measureFrom) requests++;
    if (status !== 200) failures++;
    return status === 200;
  };
  while (Date.now() < until) {
    const next = Date.now() + task.pollMs;
    try {
      const list = await get(task.port, task.playlist, cookie);
      if (count(list.status)) {
        const lines = list.body.toString('utf8').split('\n');
        const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(
          lines.findLast((l) => l.startsWith('#EXT-X-MAP')) ?? '',
        )?.[1];
        const segments = lines.filter((l) => l.endsWith('.m4s'));
        // A player joins at the live edge: the newest segment first, then every new one.
        const wanted = started ? segments.filter((s) => !seen.has(s)) : segments.slice(-1);
        if (segments.length) started = true;
        for (const s of segments) seen.add(s);
        if (map && wanted.length && !maps.has(map)) {
          maps.add(map);
          count((await get(task.port, base + map, cookie)).status);
        }
        for (const uri of wanted) {
          if (count((await get(task.port, base + uri, cookie)).status) && Date.now() >= measureFrom)
            fetches.push({ uri, at: Date.now() });
        }
      }
    } catch {
      failures++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  return { fetches, requests, failures };
}

process.once('message', async (task: ViewersTask) => {
  const start = Date.now();
  const until = start + task.warmupMs + task.durationMs;
  const measureFrom = start + task.warmupMs;
  const all = await Promise.all(
    task.cookies.map(async (cookie, i) => {
      // Staggered over one poll, as players that joined at different moments.
      await new Promise((r) => setTimeout(r, (task.pollMs * i) / task.cookies.length));
      return watch(task, cookie, until, measureFrom);
    }),
  );
  const result: ViewersResult = {
    type: 'done',
    fetches: all.flatMap((v) => v.fetches),
    requests: all.reduce((n, v) => n + v.requests, 0),
    failures: all.reduce((n, v) => n + v.failures, 0),
  };
  process.send?.(result, () => process.exit(0));
});
