/** CPU time of processes from /proc, for tools/bench/live.ts. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ticks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function ffmpegChildren(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === parent && stat.includes('(ffmpeg)');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const segmentsIn = (folder: string) => fs.readdirSync(folder).filter((f) => f.endsWith('.m4s')).length;

/**
 * CPU of a process (and of its ffmpeg children) over `ms`, in cores; with a broadcast's folder,
 * also the seconds of video that came out meanwhile (segments of about a second), so the ingest's
 * cost can be put per second of video: a starved sender on a loaded machine sends less than
 * real time, and cores alone would flatter the server.
 */
export async function cpuOver(pid: number, ms: number, folder?: string) {
  const kids = folder ? ffmpegChildren(pid) : [];
  const before = [pid, ...kids].map((p) => ticks(p) ?? 0);
  const segmentsBefore = folder ? segmentsIn(folder) : 0;
  const t = performance.now();
  await sleep(ms);
  const after = [pid, ...kids].map((p) => ticks(p) ?? 0);
  const seconds = (performance.now() - t) / 1000;
  const cores = after.map((a, i) => (a - before[i]) / CLK_TCK / seconds);
  const ffmpeg = cores.slice(1).reduce((sum, c) => sum + c, 0);
  const videoSeconds = folder ? segmentsIn(folder) - segmentsBefore : 0;
  // Cores needed to keep up with real time: CPU seconds per second of video.
  const perVideoSecond = videoSeconds > 0 ? ((cores[0] + ffmpeg) * seconds) / videoSeconds : Number.NaN;
  return { process: cores[0], ffmpeg, videoSeconds, seconds, perVideoSecond };
}
