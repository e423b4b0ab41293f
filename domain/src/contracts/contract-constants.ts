import { CONTRACTS_NAV_TITLE } from './contract-nav.ts';

/**
 * The fixed vocabularies of maintenance contracts and SLA clocks (issue 31; migration 0047 holds the same lists in
 * its CHECK constraints). No zod here: lists, labels and badges may read it without pulling zod.
 */

export const CONTRACT_TYPES = ['PREVENTIF', 'CURATIF', 'COMPLET'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  PREVENTIF: 'Préventif',
  CURATIF: 'Curatif',
  COMPLET: 'Complet',
};

/** The three guaranteed targets: response (assigned or acknowledged), arrival on site (EN_COURS), restoration (TERMINEE). */
export const SLA_CIBLES = ['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT'] as const;
export type SlaCible = (typeof SLA_CIBLES)[number];
export const SLA_CIBLE_LABELS: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'Prise en compte',
  SUR_SITE: 'Arrivée sur site',
  RETABLISSEMENT: 'Rétablissement',
};
/** Short names used in badges ("GTI dans 45 min", "GTR dépassée de 2 h 10"). */
export const SLA_CIBLE_SHORT: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'Prise en compte',
  SUR_SITE: 'GTI',
  RETABLISSEMENT: 'GTR',
};

/** A clock's state; DEPASSE is terminal. */
export const SLA_ETATS = ['EN_COURS', 'EN_PAUSE', 'RESPECTE', 'DEPASSE'] as const;
export type SlaEtat = (typeof SLA_ETATS)[number];

/**
 * Which intervention statuses may pause a contract's clocks, and under which condition:
 * TOUJOURS — whenever the intervention is in that status;
 * PIECES_CLIENT — EN_ATTENTE_PDR while an open part request says the client supplies the parts
 *   (part_requests.fourni_par_client);
 * ATTENTE_CLIENT — EN_PAUSE with the reason "attente client" (interventions.pause_motif = 'ATTENTE_CLIENT').
 */
export const PAUSE_STATUTS = ['PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE'] as const;
export type PauseStatut = (typeof PAUSE_STATUTS)[number];
export const PAUSE_CONDITIONS = ['TOUJOURS', 'PIECES_CLIENT', 'ATTENTE_CLIENT'] as const;
export type PauseCondition = (typeof PAUSE_CONDITIONS)[number];
export const PAUSE_CONDITION_LABELS: Record<PauseCondition, string> = {
  TOUJOURS: 'Toujours',
  PIECES_CLIENT: 'Pièces fournies par le client',
  ATTENTE_CLIENT: 'Motif « attente client »',
};
/** The reasons an intervention may be paused with (interventions.pause_motif). */
export const PAUSE_MOTIFS = ['ATTENTE_CLIENT', 'AUTRE'] as const;
export type PauseMotif = (typeof PAUSE_MOTIFS)[number];
export const PAUSE_MOTIF_LABELS: Record<PauseMotif, string> = {
  ATTENTE_CLIENT: 'Attente client',
  AUTRE: 'Autre',
};

/**
 * The pause's reason (issue 31), asked when an intervention is put EN_PAUSE (PUT /:id/status `pause_motif`): the
 * contracts' default rule pauses the guaranteed times for "attente client" only. Absent = not stated (the clocks run,
 * as for "Autre"); refused with any other target status. Cleared when the intervention leaves EN_PAUSE.
 * EN_ATTENTE_PDR has no motif of its own: its rule reads the part requests ("fournies par le client").
 */
export const PAUSE_MOTIF_MESSAGES = {
  label: 'Motif de la pause',
  required: 'Choisissez le motif de la pause',
  invalid: 'Motif de pause inconnu (attente client ou autre)',
  onlyEnPause: 'Un motif de pause ne s’indique qu’en mettant l’intervention en pause',
  hints: {
    ATTENTE_CLIENT:
      'Le client doit agir (accès, validation, disponibilité) : les délais garantis sont suspendus si le contrat le prévoit.',
    AUTRE: 'Cause interne : les délais garantis continuent de courir.',
  } satisfies Record<PauseMotif, string>,
  /** The history row's note of a move to EN_PAUSE with its motif. */
  historyNote: (motif: PauseMotif, note: string | null) =>
    note ? `Motif : ${PAUSE_MOTIF_LABELS[motif]} — ${note}` : `Motif : ${PAUSE_MOTIF_LABELS[motif]}`,
  /** The detail's line while paused. */
  detail: (motif: PauseMotif) => `En pause — motif : ${PAUSE_MOTIF_LABELS[motif]}`,
  /** What the status dialog says of EN_ATTENTE_PDR (its pause depends on the part requests). */
  waitingParts:
    'Si les pièces attendues sont fournies par le client (case cochée sur la demande de pièces), les délais garantis sont suspendus pendant l’attente.',
  dialogTitle: 'Mettre en pause',
  dialogText: 'Pourquoi l’intervention est-elle mise en pause ?',
  noteLabel: 'Précision (facultative)',
  confirm: 'Mettre en pause',
  cancel: 'Annuler',
  /** EN_ATTENTE_PDR's question: who supplies the parts awaited (the part requests' "fourni par le client"). */
  waitingTitle: 'En attente de pièces',
  waitingQuestion: 'Qui fournit les pièces attendues ?',
  waitingClient: 'Le client',
  waitingClientHint: 'Les délais garantis sont suspendus pendant l’attente, si le contrat le prévoit.',
  waitingSupplier: 'Un fournisseur ou notre stock',
  waitingSupplierHint: 'Les délais garantis continuent de courir.',
  waitingRequired: 'Indiquez qui fournit les pièces',
  waitingNoRequest: 'Aucune demande de pièces ouverte : demandez d’abord les pièces (section « Pièces »).',
  waitingConfirm: 'Passer en attente de pièces',
  fourniParClient: 'Pièces fournies par le client',
  fourniParClientHint: 'Les délais garantis du contrat sont suspendus tant que l’intervention attend ces pièces.',
} as const;

export interface PauseRule {
  statut: PauseStatut;
  condition: PauseCondition;
}
/** The default pause rules of a new contract (issue 31). */
export const DEFAULT_PAUSE_RULES: readonly PauseRule[] = [
  { statut: 'EN_ATTENTE_PDR', condition: 'PIECES_CLIENT' },
  { statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' },
];

/** Expiry notices to administrators, days before date_fin. */
export const CONTRACT_EXPIRY_NOTICE_DAYS = [60, 30] as const;
/** "Expire bientôt" in the list: within the first notice. */
export const CONTRACT_EXPIRING_SOON_DAYS = 60;

/** The longest guaranteed time: 10 years of minutes (the CHECK of contract_guarantees.minutes). */
export const MAX_GUARANTEE_MINUTES = 5_256_000;

/** Days of the week, 1 = lundi … 7 = dimanche (ISO). */
export const JOURS_SEMAINE = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export const jourLabel = (jour: number): string => JOURS_SEMAINE[jour - 1] ?? String(jour);

/** Limits of a calendar's lists. */
export const MAX_PLAGES = 70;
export const MAX_EXCEPTIONS = 1000;
/** Limits of a contract's lists. */
export const MAX_CONTRACT_EQUIPMENT = 10_000;
export const MAX_CONTRACT_PLANS = 500;

/** Every French text of contracts and calendars (API messages and the web's labels). */
export const CONTRACT_MESSAGES = {
  // contracts
  clientRequired: 'Le client est requis',
  clientNotFound: 'Client introuvable',
  numeroRequired: 'Le numéro du contrat est requis',
  numeroMax: 'Le numéro ne peut pas dépasser 50 caractères',
  numeroTaken: 'Ce numéro de contrat existe déjà',
  typeInvalid: 'Type de contrat inconnu (préventif, curatif ou complet)',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  montantInvalid:
    'Le montant annuel HT doit être un nombre positif (2 décimales au plus, 999 999 999 999,99 MAD au plus)',
  calendarRequired: 'Le calendrier ouvré est requis',
  calendarNotFound: 'Calendrier ouvré introuvable',
  equipmentEmpty: 'Choisissez au moins un équipement, ou couvrez tous les équipements du client',
  equipmentDuplicate: 'Un équipement figure deux fois dans la liste',
  equipmentTooMany: `Au plus ${MAX_CONTRACT_EQUIPMENT} équipements par contrat`,
  equipmentNotOfClient: (ids: number[]) =>
    ids.length === 1
      ? `L'équipement n° ${ids[0]} n'existe pas ou n'appartient pas à ce client`
      : `Les équipements n° ${ids.join(', ')} n'existent pas ou n'appartiennent pas à ce client`,
  planNotOfClient: (ids: number[]) => `Plan de maintenance introuvable ou d'un autre client : n° ${ids.join(', ')}`,
  planDuplicate: 'Un plan de maintenance figure deux fois dans la liste',
  minutesInvalid: 'Le délai garanti doit être un nombre entier de minutes supérieur à 0',
  minutesTooLarge: 'Le délai garanti ne peut pas dépasser 10 ans',
  guaranteeDuplicate: 'Un délai garanti est indiqué deux fois pour la même urgence et la même cible',
  cibleInvalid: 'Cible inconnue (prise en compte, arrivée sur site ou rétablissement)',
  pauseStatutInvalid: 'Statut de pause invalide (planifiée, en attente de pièces, en cours ou en pause)',
  pauseConditionInvalid: 'Condition de pause inconnue',
  pauseDuplicate: 'Un statut de pause est indiqué deux fois avec la même condition',
  overlap: (numero: string, equipement: string, from: string, to: string) =>
    `Ce contrat chevauche le contrat ${numero} sur l'équipement « ${equipement} » (du ${from} au ${to})`,
  overlapAll: (numero: string, from: string, to: string) =>
    `Ce contrat chevauche le contrat ${numero} du même client (du ${from} au ${to}) : un équipement ne peut être couvert que par un contrat à la fois`,
  notFound: 'Contrat introuvable',
  clientHasContracts: (n: number) =>
    n === 1
      ? 'Impossible de supprimer ce client : il a un contrat de maintenance (supprimez-le d’abord)'
      : `Impossible de supprimer ce client : il a ${n} contrats de maintenance (supprimez-les d’abord)`,
  created: 'Contrat créé avec succès',
  updated: (version: number) =>
    `Contrat modifié : version ${version} (les interventions en cours gardent leurs conditions)`,
  deleted: 'Contrat supprimé',
  archived:
    'Contrat supprimé de la liste (des interventions suivent ses délais garantis : elles gardent leurs conditions)',
  // documents
  documentNotFound: 'Document introuvable',
  documentUploaded: 'Document ajouté',
  documentDeleted: 'Document supprimé',
  documentsTooMany: (n: number) => `Un contrat ne peut pas avoir plus de ${n} documents`,
  // calendars
  nomRequired: 'Le nom du calendrier est requis',
  nomMax: 'Le nom ne peut pas dépasser 150 caractères',
  nomTaken: 'Un calendrier porte déjà ce nom',
  jourInvalid: 'Jour invalide (1 = lundi … 7 = dimanche)',
  heureInvalid: 'Heure invalide (HH:MM, de 00:00 à 24:00)',
  plagesEmpty: 'Ajoutez au moins une plage horaire',
  plagesTooMany: `Au plus ${MAX_PLAGES} plages horaires`,
  exceptionDuplicate: (date: string) => `L'exception du ${date} est indiquée deux fois`,
  exceptionsTooMany: `Au plus ${MAX_EXCEPTIONS} exceptions`,
  calendarInUse: (n: number) =>
    n === 1
      ? 'Ce calendrier est utilisé par un contrat : il ne peut pas être supprimé'
      : `Ce calendrier est utilisé par ${n} contrats : il ne peut pas être supprimé`,
  calendarCreated: 'Calendrier créé avec succès',
  calendarUpdated: 'Calendrier modifié avec succès',
  calendarDeleted: 'Calendrier supprimé',
} as const;

/** '2026-12-31' → '31/12/2026' (a calendar day, no time zone involved). */
export const dayFr = (day: string): string => day.split('-').reverse().join('/');

/** The web's texts of /contrats and /contrats/calendriers (the sidebar reads `title`: no zod in this file). */
export const CONTRACT_LABELS = {
  title: CONTRACTS_NAV_TITLE,
  description: 'Contrats de maintenance des clients : équipements couverts, visites incluses, délais garantis.',
  newContract: 'Nouveau contrat',
  editContract: 'Modifier le contrat',
  searchPlaceholder: 'Numéro ou client…',
  searchLabel: 'Rechercher un contrat',
  clientFilter: 'Filtrer par client',
  allClients: 'Tous les clients',
  expiringOnly: 'Expirant sous 60 jours',
  empty: 'Aucun contrat',
  emptyFiltered: 'Aucun contrat ne correspond à la recherche',
  loadError: 'Impossible de charger les contrats.',
  calendarsLink: 'Calendriers et jours fériés',
  allEquipment: 'Tous les équipements du client (présents et futurs)',
  pickedEquipment: 'Une liste d’équipements',
  equipmentCount: (n: number | null) => (n === null ? 'Tous' : `${n} équipement${n >= 2 ? 's' : ''}`),
  expiresIn: (days: number) =>
    days < 0 ? 'Expiré' : days === 0 ? "Expire aujourd'hui" : `Expire dans ${days} jour${days >= 2 ? 's' : ''}`,
  guaranteesTitle: 'Délais garantis (heures ouvrées du calendrier)',
  urgent: 'Urgente',
  normal: 'Normale',
  hours: 'h',
  minutes: 'min',
  guaranteeField: (urgent: boolean, cible: string, unit: 'heures' | 'minutes') =>
    `${cible} — ${urgent ? 'urgente' : 'normale'} (${unit})`,
  noGuarantee: 'Laisser vide : pas de délai garanti pour cette cible.',
  pausesTitle: 'Statuts qui suspendent les délais',
  plansTitle: 'Visites préventives incluses (plans du client)',
  noPlans: 'Ce client n’a pas de plan de maintenance préventive.',
  documentsTitle: 'Documents (contrat signé…)',
  addDocument: 'Joindre un document',
  noDocuments: 'Aucun document',
  versionsTitle: 'Versions',
  version: (n: number) => `Version ${n}`,
  deleteTitle: 'Supprimer le contrat',
  deleteMessage: (numero: string) =>
    `Supprimer le contrat ${numero} ? S’il est suivi par des interventions, il est seulement retiré de la liste.`,
  amount: 'Montant annuel HT (MAD)',
  calendarsTitle: 'Calendriers ouvrés',
  calendarsDescription:
    'Plages hebdomadaires (heure de Casablanca), pauses déjeuner comprises, exceptions par calendrier et jours fériés de l’entreprise.',
  newCalendar: 'Nouveau calendrier',
  editCalendar: 'Modifier le calendrier',
  addPlage: 'Ajouter une plage',
  removePlage: (jour: string, i: number) => `Retirer la plage ${i} du ${jour}`,
  closedDay: 'Fermé',
  exceptionsTitle: 'Exceptions (jour fermé, ou jour travaillé malgré un jour férié)',
  addException: 'Ajouter une exception',
  exceptionOpen: 'Ouvert',
  exceptionClosed: 'Fermé',
  appliesHolidays: 'Fermé les jours fériés de l’entreprise',
  holidaysTitle: 'Jours fériés de l’entreprise',
  addHoliday: 'Ajouter le jour férié',
  holidayAnnual: 'Chaque année',
  calendarsEmpty: 'Aucun calendrier',
  usedBy: (n: number) => (n === 0 ? 'Aucun contrat' : `${n} contrat${n >= 2 ? 's' : ''}`),
  deleteCalendarTitle: 'Supprimer le calendrier',
  deleteCalendarMessage: (nom: string) => `Supprimer le calendrier « ${nom} » ?`,
} as const;
