/**
 * The technician's offline app (issue 32): the installable PWA's texts and the outbox's. Exact strings of the issue.
 */
export const PWA_MESSAGES = {
  /** The manifest's names. */
  appName: 'GMAO — Interventions',
  appShortName: 'GMAO',
  appDescription: 'Gestion de maintenance : interventions des techniciens, même sans réseau',
  updateAvailable: 'Nouvelle version disponible',
  reload: 'Recharger',
  install: "Installer l'application",
  installIos: "Pour installer l'application : touchez Partager, puis « Sur l'écran d'accueil »",
  dismiss: 'Plus tard',
} as const;

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** What each kind of queued change is called in the conflicts list. */
export const OUTBOX_KIND_LABELS: Record<string, string> = {
  status: 'Changement de statut',
  note: 'Note',
  checklist: 'Checklist',
  timer: 'Chronomètre',
  material: 'Matériel',
  photo: 'Photo',
  signature: 'Signature',
};

export const OUTBOX_MESSAGES = {
  /** "Hors ligne — 5 modifications en attente" (the banner while offline). */
  offline: (pending: number) =>
    pending === 0
      ? 'Hors ligne'
      : `Hors ligne — ${pending} ${plural(pending, 'modification', 'modifications')} en attente`,
  /** Online with changes not yet sent. */
  pending: (pending: number) => `${pending} ${plural(pending, 'modification', 'modifications')} en attente d'envoi`,
  conflicts: (n: number) => `${n} ${plural(n, 'modification refusée', 'modifications refusées')} : à revoir`,
  syncNow: 'Synchroniser',
  /** The age of the cached data: "données du 28/11 à 07:42". */
  dataAge: (dayMonth: string, time: string) => `données du ${dayMonth} à ${time}`,
  retryWithServer: 'Renvoyer sur la valeur du serveur',
  discard: 'Abandonner',
  serverValue: 'Valeur actuelle sur le serveur',
  conflictsTitle: 'Modifications refusées par le serveur',
  changeOf: (type: string, interventionId: number) => `${type} — intervention #${interventionId}`,
  serverState: (statut: string, version: number) => `statut ${statut}, version ${version}`,
  /** A whole sync request refused (403: reassigned; 404: deleted); the change is kept for review. */
  forbidden: 'Cette intervention ne vous est plus attribuée : modification conservée pour revue',
  notFound: "Cette intervention n'existe plus : modification conservée pour revue",
} as const;

/** Signature on site (issue 32). */
export const SIGNATURE_MESSAGES = {
  askClient: 'Faire signer le client',
  signerName: 'Nom du signataire',
  signerQualite: 'Qualité',
  clientSignature: 'Signature du client',
  technicianSignature: 'Signature du technicien',
  clear: 'Effacer',
  tooSmall: 'Signature vide ou trop petite : signez dans le cadre',
} as const;
