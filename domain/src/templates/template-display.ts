import { equipmentTypeLabel } from '../equipment/equipment-types.ts';
import { TEMPLATE_MESSAGES } from './template-schemas.ts';

/** 'GROUPE ELECTROGENE', or 'Tous types' for a template that fits every equipment. */
export function templateTypeLabel(type: string | null | undefined): string {
  return type ? equipmentTypeLabel(type) : TEMPLATE_MESSAGES.allTypes;
}

/** '12.5' / '12,5' → 12500 thousandths (or hundredths with `scale` 2), as an exact integer. */
function toScaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().replace(',', '.').split('.');
  return BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
}

function fromCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * One planned line's total in MAD, '60.00': quantity × unit price rounded half up to the centime, exactly as
 * PostgreSQL computes it once the line is copied into an intervention (no floating point on money).
 */
export function plannedLineTotal(line: { quantite: string; prixUnitaire: string }): string {
  return fromCents(lineCents(line));
}

function lineCents(line: { quantite: string; prixUnitaire: string }): bigint {
  // thousandths × hundredths = 1e-5 MAD; + 500 then ÷ 1000 rounds half up to the centime.
  return (toScaled(line.quantite, 3) * toScaled(line.prixUnitaire, 2) + 500n) / 1000n;
}

/** The planned materials' total in MAD, the sum of the rounded line totals (the intervention's total once copied). */
export function plannedTotal(lines: readonly { quantite: string; prixUnitaire: string }[]): string {
  return fromCents(lines.reduce((sum, line) => sum + lineCents(line), 0n));
}
