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
  timer_stop: 'Arrêt du chronomètre',
  material: 'Matériel',
  consignation: 'Consignation',
  photo: 'Photo',
  signature: 'Signature',
  create: 'Création (brouillon)',
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
  /** A change made without network, kept on the phone (the detail shows it at once, marked). */
  queued: 'Enregistré sur le téléphone : envoyé dès le retour du réseau',
  /** The mark of a change shown before the server has it. */
  pendingMark: 'en attente',
  /** The mark of a change the server refused (listed in the banner's conflicts). */
  conflictMark: 'refusée',
  pendingMaterials: "Matériel en attente d'envoi",
  pendingPhotos: "Photos en attente d'envoi",
  pendingNotes: "Notes en attente d'envoi",
  pendingSessions: "Sessions en attente d'envoi",
  /** Offline, only a photo (an image) can wait on the phone; other files need the network. */
  offlineFileRefused:
    "Hors ligne, seules les photos peuvent être ajoutées : les autres fichiers s'envoient avec du réseau",
  timerRunningOffline: (since: string) => `Chronomètre démarré hors ligne à ${since}`,
  /** A running server timer stopped without network: shown stopped until the server has the stop. */
  timerStoppedOffline: (at: string) => `Chronomètre arrêté hors ligne à ${at}`,
  /** A change the server applied with a reservation (sync `notices`), told after the replay. */
  notice: (interventionId: number, reason: string) =>
    `Intervention #${interventionId} — modification envoyée : ${reason}`,
  moreNotices: (n: number) => `… et ${n} ${plural(n, 'autre remarque', 'autres remarques')} du serveur`,
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
  title: "Faire signer le bon d'intervention",
  intro: "Le client et le technicien signent le bon d'intervention avant la clôture.",
  technicianName: 'Nom du technicien',
  qualitePlaceholder: 'ex. Responsable maintenance',
  submitAndClose: 'Signer et terminer',
  submit: 'Enregistrer les signatures',
  closeWithout: 'Terminer sans signature',
  required: 'Signature du client obligatoire pour terminer',
  nameRequired: 'Le nom du signataire est obligatoire',
  clientMissing: 'La signature du client est vide ou trop petite : faites-le signer dans le cadre',
  technicianMissing: 'Votre signature est vide ou trop petite : signez dans le cadre',
  recorded: 'Signatures enregistrées',
  queued: 'Signatures enregistrées sur le téléphone : envoyées dès le retour du réseau',
  signed: 'Bon signé par le client',
  signedPending: "Bon signé par le client (en attente d'envoi)",
} as const;

/** Interventions created offline (issue 32): a draft on the phone, sent with an idempotency key. */
export const DRAFT_MESSAGES = {
  keyInvalid: 'En-tête Idempotency-Key invalide : 1 à 64 caractères parmi lettres, chiffres et « - _ : . »',
  queued: "Brouillon enregistré sur le téléphone : l'intervention sera créée dès le retour du réseau",
  pendingTitle: 'Interventions en attente de création',
  kindLabel: OUTBOX_KIND_LABELS.create as string,
  replayed: 'Intervention déjà créée par cet envoi',
} as const;

/**
 * The most changes one POST /interventions/:id/sync carries (sync-schemas.ts re-exports it): here, away from zod, for
 * the web's outbox, a chunk loaded on its own (issue 30).
 */
export const SYNC_MAX_CHANGES = 100;
