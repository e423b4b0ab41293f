/**
 * The usual SMTP failures in French (issue 30): what nodemailer reports (`code`, `message`, `responseCode`) becomes
 * a sentence an administrator can act on, instead of `getaddrinfo ENOTFOUND …`. The raw text is kept only for
 * failures without a known cause.
 */
export const SMTP_FAILURES = {
  notFound: "Serveur SMTP introuvable : vérifiez l'adresse du serveur (nom ou IP).",
  refused: 'Le serveur SMTP refuse la connexion : vérifiez le port (587, 465 ou 25) et que le service est démarré.',
  auth: "Authentification refusée par le serveur SMTP : vérifiez l'utilisateur et le mot de passe.",
  timeout:
    "Le serveur SMTP ne répond pas (délai dépassé) : vérifiez l'adresse, le port et le pare-feu entre le serveur GMAO et le relais.",
  certificate:
    'Certificat du serveur SMTP non vérifié (auto-signé, expiré ou établi pour un autre nom). Pour un relais interne, cochez « Accepter un certificat non vérifié ».',
  tlsMode:
    'Échec de la négociation TLS : le port 465 demande « Connexion TLS directe », les ports 587 et 25 ne la demandent pas.',
  other: (raw: string) => `Erreur du serveur SMTP : ${raw}`,
} as const;

export type SmtpFailureKind = Exclude<keyof typeof SMTP_FAILURES, 'other'> | 'other';

export interface SmtpErrorLike {
  code?: unknown;
  message?: unknown;
  responseCode?: unknown;
}

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function smtpFailureKind(err: SmtpErrorLike): SmtpFailureKind {
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : '';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(message)) return 'notFound';
  if (
    code === 'EAUTH' ||
    err.responseCode === 535 ||
    /invalid login|authentication (failed|unsuccessful)/i.test(message)
  )
    return 'auth';
  if (CERTIFICATE_CODES.has(code) || /certificate|altnames/i.test(message)) return 'certificate';
  if (/wrong version number|packet length too long|unknown protocol/i.test(message)) return 'tlsMode';
  if (code === 'ETIMEDOUT' || /timeout|timed out|greeting never received/i.test(message)) return 'timeout';
  if (/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH/.test(message) || code === 'ECONNREFUSED') return 'refused';
  return 'other';
}

/** The French sentence for a failed SMTP exchange (the raw text, cut at 200 characters, only when unknown). */
export function smtpFailureMessage(err: SmtpErrorLike): string {
  const kind = smtpFailureKind(err);
  if (kind !== 'other') return SMTP_FAILURES[kind];
  const raw = typeof err.message === 'string' && err.message ? err.message : String(err.code ?? 'inconnue');
  return SMTP_FAILURES.other(raw.slice(0, 200));
}
