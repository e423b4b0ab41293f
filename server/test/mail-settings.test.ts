import type { AddressInfo } from 'node:net';
import { MAIL_MESSAGES } from '@gmao/domain/mail/mail-schemas';
import { SMTP_FAILURES } from '@gmao/domain/mail/smtp-failures';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransportOptions } from '../src/modules/mail/mail.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * SMTP settings (issue 29): the server's certificate is verified unless the administrator accepts an unverified one,
 * and the stored password can be removed. The TLS case runs against a local SMTP server offering STARTTLS with
 * smtp-server's own self-signed certificate.
 */
let t: TestApp;
let admin: string;
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const saveSettings = (payload: object) => t.as(admin, { method: 'PUT', url: '/api/mail/settings', payload });
const sendTest = (to: string) => t.as(admin, { method: 'POST', url: '/api/mail/test', payload: { to } });
const base = { host: '127.0.0.1', port: 0, secure: false, user: '', from: 'GMAO <gmao@example.ma>' };

describe('the transport options built from the settings', () => {
  const stored = { ...base, port: 587, password: '' };
  it('verify the certificate by default, and for settings saved before the option existed', () => {
    expect(smtpTransportOptions(stored).tls.rejectUnauthorized).toBe(true);
    expect(smtpTransportOptions({ ...stored, allowUnverifiedCertificate: false }).tls.rejectUnauthorized).toBe(true);
  });
  it('accept an unverified certificate only with the setting', () => {
    expect(smtpTransportOptions({ ...stored, allowUnverifiedCertificate: true }).tls.rejectUnauthorized).toBe(false);
  });
});

describe('a local SMTP server with a self-signed certificate (STARTTLS)', () => {
  it('is refused by default; accepted once the administrator accepts an unverified certificate', async () => {
    const saved = await saveSettings({ ...base, port: smtpPort });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.allowUnverifiedCertificate).toBe(false);
    const refused = await sendTest('refus@example.ma');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MAIL_MESSAGES.testFailed(SMTP_FAILURES.certificate));
    expect(received).not.toContain('refus@example.ma');

    const allowed = await saveSettings({ ...base, port: smtpPort, allowUnverifiedCertificate: true });
    expect(allowed.json().data.allowUnverifiedCertificate).toBe(true);
    const sent = await sendTest('accepte@example.ma');
    expect(sent.statusCode).toBe(200);
    expect(received).toContain('accepte@example.ma');
    const { rows } = await t.database.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'mail.settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.summary).toContain('certificat non vérifié accepté');
  });
});

describe('the SMTP password', () => {
  const storedPassword = async () => {
    const { rows } = await t.database.db.execute<{ password: string }>(
      sql`SELECT value->>'password' AS password FROM app_settings WHERE key = 'smtp'`,
    );
    return rows[0]?.password;
  };

  it('an empty field keeps it; the explicit removal clears it; both at once are refused', async () => {
    const set = await saveSettings({ ...base, port: 587, user: 'gmao', password: 's3cret' });
    expect(set.json().data.hasPassword).toBe(true);
    const kept = await saveSettings({ ...base, port: 587, user: 'gmao', password: '' });
    expect(kept.json().data.hasPassword).toBe(true);
    expect(await storedPassword()).toBe('s3cret');

    const both = await saveSettings({ ...base, port: 587, user: 'gmao', password: 'autre', removePassword: true });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain(MAIL_MESSAGES.passwordOrRemove);
    expect(await storedPassword()).toBe('s3cret');

    const removed = await saveSettings({ ...base, port: 587, user: 'gmao', removePassword: true });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.hasPassword).toBe(false);
    expect(await storedPassword()).toBe('');
    const { rows } = await t.database.db.execute<{ summary: string; after: string }>(
      sql`SELECT summary, after::text AS after FROM audit_log WHERE action = 'mail.settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.summary).toContain('mot de passe supprimé');
    expect(rows[0]?.after).not.toContain('s3cret');
  });
});

describe('the last test (issue 30)', () => {
  const lastTest = async () =>
    (await t.as(admin, { method: 'GET', url: '/api/mail/settings' })).json().data.lastTest as {
      at: string;
      ok: boolean;
      message: string;
    } | null;

  it('a server not found is said in French and kept with its date; a success replaces it; new settings clear it', async () => {
    await saveSettings({ ...base, host: 'smtp.gmao-test.invalid', port: 587 });
    expect(await lastTest()).toBeNull();
    const failed = await sendTest('admin@example.ma');
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toBe(MAIL_MESSAGES.testFailed(SMTP_FAILURES.notFound));
    expect(failed.json().message).not.toContain('ENOTFOUND');
    const kept = await lastTest();
    expect(kept).toMatchObject({ ok: false, message: SMTP_FAILURES.notFound });
    expect(Date.now() - Date.parse(kept!.at)).toBeLessThan(60_000);

    await saveSettings({ ...base, port: smtpPort, allowUnverifiedCertificate: true });
    expect(await lastTest()).toBeNull();
    expect((await sendTest('admin@example.ma')).statusCode).toBe(200);
    expect(await lastTest()).toMatchObject({ ok: true, message: MAIL_MESSAGES.testSent('admin@example.ma') });
    // Saved again unchanged (the sender aside): the result still speaks for this server.
    await saveSettings({
      ...base,
      from: 'Atelier <atelier@example.ma>',
      port: smtpPort,
      allowUnverifiedCertificate: true,
    });
    expect(await lastTest()).toMatchObject({ ok: true });
  });
});

describe('mail settings: malformed text (found by the authorization matrix fuzz)', () => {
  it('refuses a lone surrogate in the password or the host with a French 400 (the body never reaches the handler)', async () => {
    const app = await createTestApp();
    try {
      const token = await app.adminToken();
      for (const payload of [{ password: '\ud800' }, { host: 'smtp\udc00.example.ma' }]) {
        const res = await app.as(token, { method: 'PUT', url: '/api/mail/settings', payload });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain('caractère invalide');
      }
    } finally {
      await app.close();
    }
  });
});
