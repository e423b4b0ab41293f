import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { JobRunner } from '../src/modules/jobs/jobs.service.ts';
import { mailJobHandlers } from '../src/modules/mail/mail.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 15: e-mail through a real SMTP server started here, sent by the durable job queue; password recovery by a
 * single-use 30-minute link; the same answer for known and unknown accounts; without SMTP the administrators are told.
 */
interface Mail {
  to: string;
  raw: string;
}
const inbox: Mail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let t: TestApp;
let runner: JobRunner;

/** Quoted-printable soft breaks and escapes undone, so the link can be read from the raw message. */
const decode = (raw: string) => {
  const bytes: number[] = [];
  const text = raw.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};
const tokenIn = (mail: Mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decode(mail.raw))?.[1] ?? null;

function startSmtp(port = 0): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) inbox.push({ to: r.address, raw });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(port, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
}
const stopSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));

async function configureSmtp(app: TestApp, port: number) {
  const res = await app.as(await app.adminToken(), {
    method: 'PUT',
    url: '/api/mail/settings',
    payload: { host: '127.0.0.1', port, secure: false, from: 'GMAO <gmao@example.ma>' },
  });
  expect(res.statusCode).toBe(200);
}

const forgot = (identifier: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier }, remoteAddress: ip });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

async function userWithEmail() {
  const email = `technicien.${randomBytes(3).toString('hex')}@example.ma`;
  const u = await createUser(t.database.db, { nom: 'Rachid Alami' });
  await t.database.db.execute(sql`UPDATE users SET email = ${email} WHERE id = ${u.id}`);
  return { ...u, email };
}

beforeAll(async () => {
  smtpPort = await startSmtp();
  t = await createTestApp({ authThrottle: { accountFailures: 4 } });
  runner = new JobRunner(t.database.db, mailJobHandlers(t.database.db));
});
afterAll(async () => {
  await t.close();
  await stopSmtp();
});

describe('without an SMTP server', () => {
  it('sends nothing; the administrators are notified instead, and the answer is the same', async () => {
    const u = await userWithEmail();
    const res = await forgot(u.username);
    expect(res.statusCode).toBe(200);
    const { rows: jobs } = await t.database.db.execute(sql`SELECT id FROM jobs`);
    expect(jobs).toEqual([]);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE event = 'password_reset_request' AND message LIKE ${`%${u.username}%`}`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    const unknown = await forgot('personne-inconnue');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    const settings = await t.as(await t.adminToken(), { method: 'GET', url: '/api/mail/settings' });
    expect(settings.json().data).toMatchObject({ configured: false, hasPassword: false });
  });
});

describe('with an SMTP server', () => {
  beforeAll(() => configureSmtp(t, smtpPort));

  it('the administrator sends a test e-mail; the password is never returned', async () => {
    const token = await t.adminToken();
    const save = await t.as(token, {
      method: 'PUT',
      url: '/api/mail/settings',
      payload: { host: '127.0.0.1', port: smtpPort, secure: false, from: 'GMAO <gmao@example.ma>', password: 's3cret' },
    });
    expect(save.json().data).toMatchObject({ configured: true, hasPassword: true, host: '127.0.0.1' });
    expect(JSON.stringify(save.json())).not.toContain('s3cret');
    await t.as(token, {
      method: 'PUT',
      url: '/api/mail/settings',
      payload: { host: '127.0.0.1', port: smtpPort, secure: false, from: 'GMAO <gmao@example.ma>' },
    });
    const test = await t.as(token, { method: 'POST', url: '/api/mail/test', payload: { to: 'admin@example.ma' } });
    expect(test.statusCode).toBe(200);
    expect(test.json().message).toBe('E-mail de test envoyé à admin@example.ma');
    expect(inbox.some((m) => m.to === 'admin@example.ma' && m.raw.includes('E-mail de test'))).toBe(true);
    const technician = await createUser(t.database.db);
    const session = await t.login(technician.username, technician.password);
    const denied = await t.as(session.token, { method: 'GET', url: '/api/mail/settings' });
    expect(denied.statusCode).toBe(403);
  });

  it('forgot → e-mail with a link → reset once → login; the link is single-use and other sessions end', async () => {
    const u = await userWithEmail();
    const before = await t.login(u.username, u.password);
    const known = await forgot(u.email.toUpperCase());
    const unknown = await forgot('inconnu@example.ma');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(inbox.filter((m) => m.to === u.email)).toEqual([]); // sent by the queue, not in the request
    expect(await runner.runOnce()).toBeGreaterThan(0);
    const mails = inbox.filter((m) => m.to === u.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(decode(mail.raw)).toContain('Réinitialisation de votre mot de passe');
    const token = tokenIn(mail);
    expect(token).toBeTruthy();
    const { rows } = await t.database.db.execute<{ token_hash: string }>(
      sql`SELECT token_hash FROM password_reset_tokens WHERE user_id = ${u.id}`,
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const weak = await reset(token!, 'court');
    expect(weak.statusCode).toBe(400);
    const done = await reset(token!, 'NouveauMotDePasse2026');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Mot de passe réinitialisé. Vous pouvez vous connecter.');
    expect((await reset(token!, 'EncoreUnAutre2026x')).statusCode).toBe(400);
    await t.login(u.username, 'NouveauMotDePasse2026');
    const old = await t.as(before.token, { method: 'GET', url: '/api/auth/profile' });
    expect(old.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: before.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a link expires after 30 minutes', async () => {
    const u = await userWithEmail();
    await forgot(u.username);
    await runner.runOnce();
    const token = tokenIn(inbox.filter((m) => m.to === u.email).at(-1)!);
    const { rows } = await t.database.db.execute<{ minutes: number }>(
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_reset_tokens WHERE user_id = ${u.id}`,
    );
    expect(rows[0]?.minutes).toBe(30);
    await t.database.db.execute(
      sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${u.id}`,
    );
    const res = await reset(token!, 'NouveauMotDePasse2026');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ce lien est invalide ou a expiré. Demandez-en un nouveau.');
  });

  it('requests are throttled per identifier like logins', async () => {
    const u = await userWithEmail();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(u.username, '127.0.0.9')).statusCode);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });

  it('the answer takes about as long whether the account exists or not (bound: 100 ms between medians)', async () => {
    const u = await userWithEmail();
    const median = async (identifier: string, ip: string) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await forgot(identifier, ip);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const known = await median(u.username, '127.0.0.21');
    const unknown = await median(`inconnu${randomBytes(3).toString('hex')}`, '127.0.0.22');
    expect(Math.abs(known - unknown)).toBeLessThan(100);
  });

  it('an e-mail survives a restart between enqueue and send, and is sent once', async () => {
    const u = await userWithEmail();
    await stopSmtp(); // the SMTP server is down: the first attempt fails and is retried later
    await forgot(u.username);
    await runner.runOnce();
    const { rows: failed } = await t.database.db.execute<{ attempts: number; last_error: string | null }>(
      sql`SELECT attempts, last_error FROM jobs WHERE name = 'mail.send' AND data->>'to' = ${u.email}`,
    );
    expect(failed[0]?.attempts).toBe(1);
    expect(failed[0]?.last_error).toBeTruthy();
    smtpPort = await startSmtp(smtpPort);

    // "Restart": a new server process on the same database, with its own runner.
    const other = openDatabase(String(t.database.pool.options.connectionString), { max: 2 });
    const b = await buildApp({ database: other, jwtSecret: randomBytes(32).toString('hex'), logLevel: 'silent' });
    await b.ready();
    try {
      await other.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'mail.send' AND done_at IS NULL`);
      const second = new JobRunner(other.db, mailJobHandlers(other.db));
      await Promise.all([second.runOnce(), runner.runOnce()]); // two instances racing: one sends
      await second.runOnce();
      expect(inbox.filter((m) => m.to === u.email)).toHaveLength(1);
    } finally {
      await b.close();
      await other.close();
    }
  });

  it('notifications reach by e-mail those who want them, with a link to the intervention', async () => {
    const u = await userWithEmail();
    const i = await createIntervention(t.database.db);
    const res = await t.as(await t.adminToken(), {
      method: 'PUT',
      url: `/api/interventions/${i.id}/assign`,
      payload: { technicianId: u.id },
    });
    expect(res.statusCode).toBe(200);
    await runner.runOnce();
    const mail = inbox.filter((m) => m.to === u.email).at(-1);
    expect(mail && decode(mail.raw)).toContain(`/interventions/${i.id}`);
    expect(mail && decode(mail.raw)).toContain('Intervention affectée');
  });
});
