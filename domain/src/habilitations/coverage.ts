import {
  coveredSymbols,
  type HabilitationSymbol,
  HABILITATION_MESSAGES as M,
  type TitleDomain,
  type VoltageDomain,
} from './symbols.ts';

/** A titre d'habilitation as the check reads it (one symbol per row; a renewal is a new row). */
export interface HabilitationTitle {
  symbole: HabilitationSymbol;
  attribut?: string | null;
  domaine: TitleDomain;
  /** YYYY-MM-DD */
  delivree_le: string;
  /** YYYY-MM-DD, the last day it is valid */
  valide_jusqu_au: string;
}

/** What a kind of work requires: one of these symbols suffices (e.g. H1V or H2V), with the attribute if one is named. */
export interface Requirement {
  travail: string;
  symboles: { symbole: HabilitationSymbol; attribut?: string | null }[];
}

export interface Holder {
  nom: string;
  titles: HabilitationTitle[];
  /** YYYY-MM-DD, last day of the recorded medical fitness; null when none is recorded. */
  aptitude_medicale_jusqu_au?: string | null;
}

export interface Missing {
  travail: string;
  symboles: string[];
  /** The French sentence: "Habilitation H2V requise — celle de K. Alaoui a expiré le 12/10/2026". */
  message: string;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' */
const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** The titre's domain that covers an equipment's voltage domain (TBT work needs a BT titre). */
const titleDomainFor = (d: VoltageDomain): TitleDomain => (d === 'TBT' ? 'BT' : d);
const label = (s: { symbole: string; attribut?: string | null }) =>
  s.attribut ? `${s.symbole} ${s.attribut}` : s.symbole;

/**
 * Whether `holder` may do every kind of work `requirements` lists on equipment of `domaine` on `day` (YYYY-MM-DD):
 * for each, one of its symbols held on a titre valid that day, for that domain (with the standard's implications only
 * when `implications`), and a medical fitness valid that day if one is recorded. Returns what is missing, each with
 * the reason of the nearest miss (an expired titre, one not yet valid, one for another domain, none).
 */
export function missingHabilitations(
  holder: Holder,
  requirements: Requirement[],
  domaine: VoltageDomain,
  day: string,
  implications = false,
): Missing[] {
  const missing: Missing[] = [];
  const medical = holder.aptitude_medicale_jusqu_au;
  for (const req of requirements) {
    if (req.symboles.length === 0) continue;
    const wanted = req.symboles.map(label).join(' ou ');
    const matching = holder.titles.filter((t) =>
      req.symboles.some(
        (s) =>
          coveredSymbols(t.symbole, implications).includes(s.symbole) &&
          (!s.attribut || (t.symbole === s.symbole && t.attribut === s.attribut)),
      ),
    );
    const forDomain = matching.filter((t) => t.domaine === titleDomainFor(domaine));
    const valid = forDomain.find((t) => t.delivree_le <= day && day <= t.valide_jusqu_au);
    if (valid && (!medical || day <= medical)) continue;
    let reason: string;
    if (valid && medical) reason = M.medicalExpired(holder.nom, fr(medical));
    else if (forDomain.length > 0) {
      const expired = forDomain
        .filter((t) => t.valide_jusqu_au < day)
        .sort((a, b) => (a.valide_jusqu_au < b.valide_jusqu_au ? 1 : -1));
      const future = forDomain
        .filter((t) => t.delivree_le > day)
        .sort((a, b) => (a.delivree_le < b.delivree_le ? -1 : 1));
      reason = expired[0]
        ? M.expired(holder.nom, fr(expired[0].valide_jusqu_au))
        : M.notYet(holder.nom, fr(future[0]!.delivree_le));
    } else if (matching.length > 0) reason = M.wrongDomain(holder.nom, domaine);
    else reason = M.noTitle(holder.nom);
    missing.push({
      travail: req.travail,
      symboles: req.symboles.map(label),
      message: `${M.required(wanted)} — ${reason}`,
    });
  }
  return missing;
}
