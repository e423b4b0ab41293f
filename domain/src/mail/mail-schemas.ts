import { z } from 'zod';
import { NAV_TITLES } from '../common/nav-titles.ts';

/** E-mail (issue 15): the SMTP settings an administrator keeps in the application, and the French messages. */
export const MAIL_MESSAGES = {
  title: 'E-mail (SMTP)',
  pageTitle: NAV_TITLES.mail,
  intro:
    "Serveur d'envoi des e-mails de toute l'installation (notifications, réinitialisation du mot de passe), commun à tous les utilisateurs. Sans serveur configuré, aucun e-mail n'est envoyé.",
  lastTestLabel: 'Dernier e-mail de test',
  lastTestNone: "Aucun e-mail de test envoyé depuis l'enregistrement de ces réglages",
  lastTestOk: (when: string) => `Dernier test réussi le ${when}`,
  lastTestFailed: (when: string) => `Dernier test échoué le ${when}`,
  configuredButFailing: (server: string) => `Configuré : ${server}, mais le dernier test a échoué`,
  configured: (server: string) => `Configuré : ${server}`,
  saved: 'Réglages e-mail enregistrés',
  saveError: "Erreur lors de l'enregistrement des réglages e-mail",
  testSent: (to: string) => `E-mail de test envoyé à ${to}`,
  testFailed: (reason: string) => `L'envoi de l'e-mail de test a échoué : ${reason}`,
  notConfigured: "Aucun serveur SMTP n'est configuré",
  fromEnv: 'Configuré par la variable SMTP_URL du serveur',
  passwordKept: 'Laisser vide pour garder le mot de passe enregistré',
  testButton: 'Envoyer un e-mail de test',
  allowUnverifiedCertificate: 'Accepter un certificat non vérifié',
  allowUnverifiedCertificateWarning:
    "À réserver à un relais interne : le certificat du serveur n'est plus vérifié, un tiers sur le réseau pourrait se faire passer pour lui et lire les e-mails et le mot de passe SMTP.",
  removePassword: 'Supprimer le mot de passe',
  removePasswordHelp: "Le mot de passe enregistré sera supprimé à l'enregistrement",
  passwordOrRemove: 'Saisir un nouveau mot de passe ou supprimer celui enregistré, pas les deux',
  invalidCharacter: 'Ce texte contient un caractère invalide',
} as const;

/** A lone UTF-16 surrogate (not a character: it cannot be stored, encrypted or sent): refused, never altered. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (v: string) => !LONE_SURROGATE.test(v);
const text = (max: number) => z.string().trim().max(max).refine(wellFormed, MAIL_MESSAGES.invalidCharacter);

export const mailSettingsInputSchema = z
  .object({
    host: text(255).default(''),
    port: z.coerce.number().int().min(1).max(65535).default(587),
    secure: z.boolean().default(false),
    user: text(255).default(''),
    /** Empty or absent: keep the stored one. */
    password: z.string().max(255).refine(wellFormed, MAIL_MESSAGES.invalidCharacter).optional(),
    from: text(255).default(''),
    /** TLS certificate of the server not verified (an internal relay with a self-signed one); off by default. */
    allowUnverifiedCertificate: z.boolean().default(false),
    /** Removes the stored password (an empty `password` keeps it). */
    removePassword: z.boolean().default(false),
  })
  .refine((v) => !(v.removePassword && v.password), {
    path: ['password'],
    message: MAIL_MESSAGES.passwordOrRemove,
  });
export type MailSettingsInput = z.infer<typeof mailSettingsInputSchema>;

/** The administrator's last test e-mail (cleared when the server's settings change). */
export const mailTestResultSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The French outcome: the address it was sent to, or the translated failure (smtp-failures.ts). */
  message: z.string(),
});
export type MailTestResult = z.infer<typeof mailTestResultSchema>;

/** What the API returns: never the password, only whether one is stored. */
export const mailSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  from: z.string(),
  hasPassword: z.boolean(),
  allowUnverifiedCertificate: z.boolean(),
  /** SMTP_URL is set on the server: it is used when no host is saved here. */
  envConfigured: z.boolean(),
  configured: z.boolean(),
  lastTest: mailTestResultSchema.nullable(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const mailTestSchema = z.object({ to: z.email('Adresse e-mail invalide').max(254) });

/** The e-mails the application sends, in French, text and HTML (escaped). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(company: string, title: string, paragraphs: string[], link?: { href: string; label: string }) {
  const text = [
    title,
    '',
    ...paragraphs,
    ...(link ? ['', `${link.label} : ${link.href}`] : []),
    '',
    `— ${company}`,
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></p>` : ''}
<p style="color:#64748b;font-size:12px">— ${escapeHtml(company)}. Cet e-mail est envoyé automatiquement, merci de ne pas y répondre.</p>
</body></html>`;
  return { text, html };
}

export const MAIL_TEMPLATES = {
  notification: (company: string, n: { title: string; message: string; link: string | null }): MailContent => ({
    subject: `[${company}] ${n.title}`,
    ...layout(company, n.title, [n.message], n.link ? { href: n.link, label: "Ouvrir l'intervention" } : undefined),
  }),
  passwordReset: (company: string, r: { nom: string; link: string; minutes: number }): MailContent => ({
    subject: `[${company}] Réinitialisation de votre mot de passe`,
    ...layout(
      company,
      'Réinitialisation de votre mot de passe',
      [
        `Bonjour ${r.nom},`,
        `Une réinitialisation du mot de passe de votre compte GMAO a été demandée. Le lien ci-dessous est valable ${r.minutes} minutes et ne sert qu'une fois.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
      ],
      { href: r.link, label: 'Choisir un nouveau mot de passe' },
    ),
  }),
  /** A requester's news (issue 33): the decision on the request filed through a QR code or the portal. */
  requestUpdate: (company: string, r: { subject: string; message: string }): MailContent => ({
    subject: `[${company}] ${r.subject}`,
    ...layout(company, r.subject, ['Bonjour,', r.message]),
  }),
  /** A client portal invitation (issue 33): a single-use link to choose the password. */
  portalInvite: (company: string, r: { nom: string; entreprise: string; link: string; days: number }): MailContent => ({
    subject: `[${company}] Votre accès au portail client`,
    ...layout(
      company,
      'Votre accès au portail client',
      [
        `Bonjour ${r.nom},`,
        `${company} vous ouvre son portail client pour ${r.entreprise} : vos équipements, vos interventions, votre contrat et vos bons signés.`,
        `Choisissez votre mot de passe avec le lien ci-dessous (valable ${r.days} jours, utilisable une fois).`,
      ],
      { href: r.link, label: 'Choisir mon mot de passe' },
    ),
  }),
  /** A portal user's news of one of his company's interventions (opt-in). */
  portalIntervention: (company: string, r: { subject: string; message: string; link: string }): MailContent => ({
    subject: `[${company}] ${r.subject}`,
    ...layout(company, r.subject, ['Bonjour,', r.message], { href: r.link, label: 'Voir sur le portail' }),
  }),
  test: (company: string): MailContent => ({
    subject: `[${company}] E-mail de test`,
    ...layout(company, 'E-mail de test', ["Les réglages SMTP de la GMAO fonctionnent : cet e-mail l'atteste."]),
  }),
} as const;
