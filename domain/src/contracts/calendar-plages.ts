import { CONTRACT_MESSAGES as M } from './contract-constants.ts';

/**
 * A calendar's weekly intervals: "HH:MM" in the API, minutes of the local day (0..1440) in the database. The
 * overlap / inversion check below is this module's own; the SLA arithmetic of domain/src/sla/ has its own validation
 * of plages (to be unified).
 */

export interface Plage {
  jour: number;
  debut: string;
  fin: string;
}

/** "08:30" → 510; "24:00" → 1440; anything else → null. */
export function parseHeure(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** 510 → "08:30"; 1440 → "24:00". */
export function formatHeure(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export interface PlageIssue {
  /** Index of the offending plage in the list. */
  index: number;
  message: string;
}

/**
 * The first problem of a list of intervals: an inverted or empty one (end not after start), or two of the same day
 * that overlap (touching ends, 12:00–14:00 then 14:00–18:00, are allowed). Null when the list is sound.
 */
export function plagesIssue(plages: readonly Plage[]): PlageIssue | null {
  const parsed = plages.map((p, index) => ({ ...p, index, d: parseHeure(p.debut), f: parseHeure(p.fin) }));
  for (const p of parsed) {
    if (p.d === null || p.f === null) return { index: p.index, message: M.heureInvalid };
    if (p.f <= p.d) return { index: p.index, message: M.plageInverted(p.jour, p.debut, p.fin) };
  }
  const sorted = [...parsed].sort((a, b) => a.jour - b.jour || (a.d as number) - (b.d as number));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && prev.jour === cur.jour && (cur.d as number) < (prev.f as number)) {
      const index = Math.max(prev.index, cur.index);
      return {
        index,
        message: M.plagesOverlap(cur.jour, `${prev.debut}–${prev.fin}`, `${cur.debut}–${cur.fin}`),
      };
    }
  }
  return null;
}

/** Sorted by day then start, as the API answers them. */
export function sortPlages<T extends Plage>(plages: readonly T[]): T[] {
  return [...plages].sort((a, b) => a.jour - b.jour || (parseHeure(a.debut) ?? 0) - (parseHeure(b.debut) ?? 0));
}
