import { createHash } from 'node:crypto';
import type { CompanyIdentity } from '@gmao/domain/settings/company-schemas';

/**
 * The bon d'intervention's content (issue 32): what the document shows that a signature attests — the issuer, the
 * client and its site, the equipment, the contract and its guaranteed times, the work (diagnostic, planning,
 * quality control, custom fields, checklist, comptes rendus), the materials (with prices when the setting shows
 * them), the time on site (closed timer sessions) and the photos. Its canonical form (canonicalJson) is JSON with
 * keys sorted at every level, no spaces, strings NFC-normalised, instants as UTC ISO strings and amounts as the
 * database's decimal text: the same data always gives the same bytes, whose SHA-256 is the signature's `sha256`.
 *
 * Not in it, because it changes when the intervention is closed, after the client has signed on site: the status,
 * the start and finish times, the SLA clocks' outcome, the review, the history — the PDF prints them live in its
 * "Suivi" section, as of the moment the document is edited.
 */
export const BON_FORMAT = 'bon-intervention/1';

export interface BonContent {
  format: typeof BON_FORMAT;
  entreprise: CompanyIdentity;
  intervention: {
    id: number;
    date: string;
    description: string | null;
    note: string | null;
    urgence: boolean;
    technicien: string | null;
    createur: string | null;
    cree_le: string;
  };
  client: {
    nom: string;
    ice: string | null;
    adresse: string | null;
    code_postal: string | null;
    ville: string | null;
    contact: string | null;
    telephone: string | null;
  };
  equipement: {
    nom: string;
    type: string | null;
    marque: string | null;
    modele: string | null;
    numero_serie: string | null;
  };
  /** The contract the intervention falls under (its SLA clocks' contract, else the one covering it that day). */
  contrat: { numero: string; type: string; garanties: { cible: string; minutes: number }[] } | null;
  diagnostic: {
    constat: string;
    causes: string | null;
    actions_recommandees: string | null;
    gravite: string;
    par: string | null;
  } | null;
  planification: {
    date_prevue: string;
    duree_estimee: string | null;
    pieces_necessaires: string | null;
    instructions: string | null;
    par: string | null;
  } | null;
  controle_qualite: { resultat: string; observations: string | null; controle_le: string; par: string | null } | null;
  champs_personnalises: { libelle: string; type: string; unite: string | null; valeur: unknown }[];
  checklist: { libelle: string; fait: boolean; fait_le: string | null; par: string | null }[];
  materiels: {
    prix_affiches: boolean;
    lignes: {
      designation: string;
      reference: string | null;
      quantite: string;
      prix_unitaire: string | null;
      total: string | null;
    }[];
    total: string | null;
  };
  /** Closed timer sessions (a running one is not yet time on site), oldest first. */
  temps: { sessions: { technicien: string; debut: string; fin: string }[]; total_secondes: number };
  comptes_rendus: { titre: string; contenu: string; par: string | null; le: string }[];
  /** Image attachments shown as thumbnails (the first BON_PHOTO_LIMIT). */
  photos: { id: number; nom: string; type: string; taille: number }[];
}

function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The canonical serialisation (see above). */
export function canonicalJson(content: BonContent): string {
  return JSON.stringify(canonical(content));
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
