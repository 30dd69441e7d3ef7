import { spawn, spawnSync } from 'node:child_process';

/**
 * ffmpeg and ffprobe from the system PATH (Debian's `ffmpeg` package). Their absence is not a
 * crash: `videoTools()` says so, the server warns at start and video uploads answer a clear 503.
 */
export interface VideoTools {
  available: boolean;
  ffmpeg: string;
  ffprobe: string;
}

let cached: VideoTools | undefined;

function works(command: string): boolean {
  try {
    return spawnSync(command, ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

/** Looked up once per process; FFMPEG_PATH / FFPROBE_PATH (config) may name other binaries. */
export function videoTools(ffmpeg = 'ffmpeg', ffprobe = 'ffprobe'): VideoTools {
  if (cached && cached.ffmpeg === ffmpeg && cached.ffprobe === ffprobe) return cached;
  cached = { available: works(ffmpeg) && works(ffprobe), ffmpeg, ffprobe };
  return cached;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a tool without a shell (arguments are never parsed by one), killing it past `timeoutMs`
 * or when `signal` aborts. stdout lines go to `onLine` as they come (ffmpeg's -progress output).
 * Only the last 8 KB of stderr are kept: a hostile file can make ffmpeg very talkative.
 */
export function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; onLine?: (line: string) => void; signal?: AbortSignal },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    if (options.signal?.aborted) kill();
    else options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout = (stdout + chunk).slice(-1_000_000);
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
