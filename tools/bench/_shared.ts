import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@tertulia/contract';
import { buildApp } from '../../packages/server/src/app';
import { type Config, loadConfig } from '../../packages/server/src/config';

/** Helpers shared by the benchmarks. */

/** A helper script in its own process, TypeScript through tsx like the benchmark itself. */
export function forkHelper(file: string): ChildProcess {
  return fork(new URL(file, import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
}

/** Sends one message to a fresh helper process and resolves with its one answer. */
export function askHelper<T>(file: string, message: object): Promise<T> {
  const child = forkHelper(file);
  return new Promise((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as T));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`${file} exited with ${code}`)));
    child.send(message);
  });
}

/** Our app as deployed on one machine: SQLite in a temp DATA_DIR, quiet logs, no web bundle. */
export async function ourApp(overrides: Partial<Config> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-bench-'));
  const built = await buildApp({
    ...loadConfig({}),
    dataDir,
    logLevel: 'warn',
    webDist: undefined,
    ...overrides,
  });
  return {
    ...built,
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a member through the API; returns the session cookie header. */
export async function registeredCookie(app: Awaited<ReturnType<typeof ourApp>>['app']): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: api.profile.register.path,
    payload: {
      name: 'bench_user',
      password: 'contraseña-segura',
      birthdayYear: 1990,
      birthdayMonth: 6,
      birthdayDay: 15,
      gender: 'f',
      email: 'bench@example.org',
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
