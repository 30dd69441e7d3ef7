import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

/** The mailer on its own: the outbox without SMTP, and an SMTP server that is not there. */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('without SMTP_URL writes each message to DATA_DIR/outbox as an .eml file, and logs it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    dirs.push(dataDir);
    const logged: object[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Tertulia <no-reply@tertulia.example>', dataDir },
      { info: (obj) => logged.push(obj) },
    );
    await mailer.send({ to: 'ana@example.org', subject: 'Confirma tu correo', text: 'Hola, Ana: ñ' });
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(dataDir, 'outbox', files[0]), 'utf8');
    expect(eml).toContain('To: ana@example.org');
    expect(eml).toContain('From: Tertulia <no-reply@tertulia.example>');
    expect(eml).toContain('Subject: Confirma tu correo');
    expect(logged).toEqual([
      expect.objectContaining({ to: 'ana@example.org', subject: 'Confirma tu correo' }),
    ]);
  });

  it('with an SMTP server that does not answer, the send fails (the caller decides to retry)', async () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'no-reply@tertulia.example', dataDir: os.tmpdir() },
      { info: () => {} },
    );
    await expect(mailer.send({ to: 'ana@example.org', subject: 'x', text: 'y' })).rejects.toThrow();
  });
});
