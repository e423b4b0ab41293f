import { describe, expect, it } from 'vitest';
import { SMTP_FAILURES, smtpFailureMessage } from '../src/mail/smtp-failures.ts';

/** What nodemailer reports for the usual failures (code, message, responseCode as it sets them). */
describe('smtpFailureMessage', () => {
  it.each([
    [{ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.exemple.invalid' }, SMTP_FAILURES.notFound],
    [{ code: 'EDNS', message: 'getaddrinfo EAI_AGAIN smtp.exemple.ma' }, SMTP_FAILURES.notFound],
    [
      { code: 'EAUTH', message: 'Invalid login: 535 5.7.8 Authentication failed', responseCode: 535 },
      SMTP_FAILURES.auth,
    ],
    [{ code: 'ETIMEDOUT', message: 'Connection timeout' }, SMTP_FAILURES.timeout],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, SMTP_FAILURES.timeout],
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' }, SMTP_FAILURES.refused],
    [{ code: 'ESOCKET', message: 'self-signed certificate' }, SMTP_FAILURES.certificate],
    [{ code: 'ESOCKET', message: 'certificate has expired' }, SMTP_FAILURES.certificate],
    [{ code: 'ESOCKET', message: "Hostname/IP does not match certificate's altnames" }, SMTP_FAILURES.certificate],
    [{ code: 'ESOCKET', message: 'ssl3_get_record:wrong version number' }, SMTP_FAILURES.tlsMode],
  ])('%o', (err, expected) => {
    expect(smtpFailureMessage(err)).toBe(expected);
  });

  it('keeps the raw text, cut at 200 characters, for an unknown failure', () => {
    expect(smtpFailureMessage({ code: 'EMESSAGE', message: '550 Mailbox unavailable' })).toBe(
      SMTP_FAILURES.other('550 Mailbox unavailable'),
    );
    expect(smtpFailureMessage({ message: 'x'.repeat(500) })).toBe(SMTP_FAILURES.other('x'.repeat(200)));
    expect(smtpFailureMessage({})).toBe(SMTP_FAILURES.other('inconnue'));
  });
});
