/**
 * Electrical habilitations (issue 34, NF C 18-510 as applied in Morocco through IMANOR RCC002): the symbols a titre
 * d'habilitation may carry, what they imply when the company enables the standard's implications, and whether a set
 * of titles covers what a piece of work requires on a given day.
 *
 * A symbol is 1) the voltage domain letter — B (TBT/BT) or H (HTA/HTB); 2) the kind of operation — 0 (non-electrical
 * work near installations), 1 (exécutant), 2 (chargé de travaux), C (chargé de consignation), R (interventions BT
 * générales), S (interventions BT élémentaires), E (opérations spécifiques, with its attribute), P (photovoltaïque);
 * 3) optionally the work's nature — V (voisinage), T (sous tension), N (nettoyage sous tension), X (spécial).
 * "Anything not written on the titre is forbidden": only the symbols of the standard's table exist (no "B0V", no
 * "HR", no E without its attribute).
 */
export const VOLTAGE_DOMAINS = ['TBT', 'BT', 'HTA', 'HTB'] as const;
export type VoltageDomain = (typeof VOLTAGE_DOMAINS)[number];
/** What a titre's symbol is delivered for (a B symbol covers TBT and BT; an H symbol one of HTA / HTB). */
export const TITLE_DOMAINS = ['BT', 'HTA', 'HTB'] as const;
export type TitleDomain = (typeof TITLE_DOMAINS)[number];

export const E_ATTRIBUTES = ['Essai', 'Vérification', 'Mesurage', 'Manœuvre'] as const;
export type EAttribute = (typeof E_ATTRIBUTES)[number];

/** Every symbol of the standard's table (without the E attribute, which BE / HE require). */
export const SYMBOLS = [
  'B0',
  'B1',
  'B1V',
  'B1T',
  'B1N',
  'B1X',
  'B2',
  'B2V',
  'B2T',
  'B2N',
  'B2X',
  'BC',
  'BR',
  'BS',
  'BE',
  'BP',
  'H0',
  'H0V',
  'H1',
  'H1V',
  'H1T',
  'H1N',
  'H2',
  'H2V',
  'H2T',
  'H2N',
  'HC',
  'HE',
] as const;
export type HabilitationSymbol = (typeof SYMBOLS)[number];

export const HABILITATION_MESSAGES = {
  symbolUnknown: (s: string) =>
    `« ${s} » n'est pas un symbole d'habilitation de la norme NF C 18-510 (exemples : B0, H0V, BS, BR, B1V, B2V, BC, H2V, HC, BE Manœuvre)`,
  attributeRequired: (s: string) => `Le symbole ${s} exige son attribut : Essai, Vérification, Mesurage ou Manœuvre`,
  attributeNotAllowed: (s: string) => `Le symbole ${s} ne prend pas d'attribut (seuls BE et HE, et B2V / H2V Essai)`,
  domainMismatch: (s: string, d: string) =>
    `Le symbole ${s} ne s'applique pas au domaine ${d} (B : basse tension ; H : HTA ou HTB)`,
  expiryBeforeIssue: 'La date de fin de validité doit être postérieure à la date de délivrance',
  required: (symbols: string) => `Habilitation ${symbols} requise`,
  noTitle: (who: string) => `${who} n'en a pas`,
  expired: (who: string, day: string) => `celle de ${who} a expiré le ${day}`,
  notYet: (who: string, day: string) => `celle de ${who} n'est valable qu'à partir du ${day}`,
  wrongDomain: (who: string, d: string) => `celle de ${who} ne couvre pas le domaine ${d}`,
  medicalExpired: (who: string, day: string) => `l'aptitude médicale de ${who} a expiré le ${day}`,
  // API and forms (issue 34)
  symboleRequired: 'Le symbole est requis',
  domaineInvalid: 'Le domaine de tension doit être BT, HTA ou HTB',
  voltageDomainInvalid: 'Le domaine de tension doit être TBT, BT, HTA ou HTB',
  travailInvalid:
    'Le type de travail doit être HORS_TENSION, INTERVENTION_BT, MANOEUVRE, ESSAIS, CONSIGNATION ou NON_ELECTRIQUE',
  dateRequired: 'La date est requise (AAAA-MM-JJ)',
  dateInvalid: "La date n'est pas valide (AAAA-MM-JJ)",
  signataireRequired: "Le signataire de l'employeur est requis",
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
  exigenceDuplicate: (t: string) => `Le type de travail ${t} est listé deux fois`,
  motifRequired: 'La justification de la dérogation est requise',
  notFound: "Titre d'habilitation introuvable",
  userNotFound: 'Utilisateur introuvable',
  created: "Titre d'habilitation enregistré",
  updated: "Titre d'habilitation modifié",
  deleted: "Titre d'habilitation supprimé",
  refused: (first: string, more: number) => (more > 0 ? `${first} (et ${more} autre${more > 1 ? 's' : ''})` : first),
  overrideForbidden: "Forcer une affectation sans l'habilitation requise demande la permission habilitations:override",
  historyDerogation: (who: string, motif: string) =>
    `Affectation de ${who} forcée sans l'habilitation requise : ${motif}`,
  planUnassignedTitle: 'Intervention préventive non affectée (habilitation)',
  planUnassigned: (plan: string, what: string, reason: string) =>
    `Plan « ${plan} » : ${what} créée sans technicien. ${reason}`,
  expiryTitle: 'Habilitation à renouveler',
  expiryMessage: (what: string, who: string, day: string, seuil: number, after: number) =>
    `${what} de ${who} ${seuil === 0 ? `arrive à échéance le ${day}` : `expire le ${day} (dans ${seuil} jours au plus)`}` +
    (after > 0
      ? ` — ${after} intervention${after > 1 ? 's' : ''} lui ${after > 1 ? 'sont affectées' : 'est affectée'} après cette date`
      : ''),
  fitnessWhat: "L'aptitude médicale",
  titleWhat: (symbol: string, domaine: string) => `L'habilitation ${symbol} (${domaine})`,
  qualified: 'Habilité',
  notQualified: 'Non habilité',
  pageTitle: 'Habilitations électriques',
  expiredBadge: 'Habilitation expirée',
  expiredBadgeTitle: (reasons: readonly string[]) =>
    `Le technicien affecté ne sera plus habilité à la date prévue : ${reasons.join(' ; ')}`,
  empty: "Aucun titre d'habilitation",
  expireAvant: 'Expire avant le',
} as const;

const SYMBOL_SET = new Set<string>(SYMBOLS);

/** Checks a symbol and its attribute as a titre writes them; null when valid, else the French message. */
export function symbolIssue(symbol: string, attribute?: string | null): string | null {
  const s = symbol.trim().toUpperCase();
  if (!SYMBOL_SET.has(s)) return HABILITATION_MESSAGES.symbolUnknown(symbol);
  const isE = s === 'BE' || s === 'HE';
  if (isE && !attribute) return HABILITATION_MESSAGES.attributeRequired(s);
  if (attribute && !(E_ATTRIBUTES as readonly string[]).includes(attribute))
    return HABILITATION_MESSAGES.attributeRequired(s);
  // B2V / H2V may carry "Essai" (a chargé de travaux who also performs the tests); nothing else carries one
  if (attribute && !isE && !((s === 'B2V' || s === 'H2V') && attribute === 'Essai'))
    return HABILITATION_MESSAGES.attributeNotAllowed(s);
  return null;
}

/** Whether a titre's symbol may be delivered for this domain (B for BT; H for HTA or HTB). */
export function domainIssue(symbol: string, domaine: TitleDomain): string | null {
  const h = symbol.startsWith('H');
  return h === (domaine !== 'BT') ? null : HABILITATION_MESSAGES.domainMismatch(symbol, domaine);
}

/**
 * The standard's implications, applied only when the company enables them (a setting): a higher level includes the
 * lower ones of the same domain (B2V ⇒ B2, B1V, B1, B0 …). Without the setting a titre covers exactly its symbols.
 */
const IMPLIES: Partial<Record<HabilitationSymbol, HabilitationSymbol[]>> = {
  B1: ['B0'],
  B1V: ['B1', 'B0'],
  B2: ['B1', 'B0'],
  B2V: ['B2', 'B1V', 'B1', 'B0'],
  BR: ['BS', 'B0'],
  BC: ['B0'],
  BS: ['B0'],
  BE: ['B0'],
  BP: ['B0'],
  H0V: ['H0'],
  H1: ['H0'],
  H1V: ['H1', 'H0V', 'H0'],
  H2: ['H1', 'H0'],
  H2V: ['H2', 'H1V', 'H1', 'H0V', 'H0'],
  HC: ['H0V', 'H0'],
  HE: ['H0'],
};

/** The symbols a titre's symbol stands for: itself, plus what it implies when implications are enabled. */
export function coveredSymbols(symbol: HabilitationSymbol, implications: boolean): HabilitationSymbol[] {
  return implications ? [symbol, ...(IMPLIES[symbol] ?? [])] : [symbol];
}
