import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, mergeSectors, SECTEURS_ACTIVITE } from '../src/clients/client-constants.ts';
import { clientInputSchema } from '../src/clients/client-schemas.ts';
import { DECIMAL_MESSAGE, decimalInput } from '../src/equipment/decimal.ts';
import { EQUIPMENT_MESSAGES, equipmentInputSchema } from '../src/equipment/equipment-schemas.ts';
import { equipmentTypeLabel } from '../src/equipment/equipment-types.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('client schema (spec §5)', () => {
  it('requires a non-blank company name', () => {
    expect(messages(clientInputSchema.safeParse({ nom_entreprise: '   ' }))).toEqual([
      CLIENT_MESSAGES.nomEntrepriseRequired,
    ]);
    expect(messages(clientInputSchema.safeParse({}))).toEqual([CLIENT_MESSAGES.nomEntrepriseRequired]);
  });

  it('checks both email formats with their own messages', () => {
    const r = clientInputSchema.safeParse({ nom_entreprise: 'X', email: 'a@b', email_contact: 'nope' });
    expect(messages(r)).toEqual([CLIENT_MESSAGES.emailInvalid, CLIENT_MESSAGES.emailContactInvalid]);
  });

  it('turns empty optional fields into null and accepts the legal forms', () => {
    const r = clientInputSchema.parse({ nom_entreprise: ' Atlas ', email: '', forme_juridique: 'SARL', ville: '' });
    expect(r).toMatchObject({ nom_entreprise: 'Atlas', email: null, ville: null, forme_juridique: 'SARL' });
    expect(clientInputSchema.parse({ nom_entreprise: 'A', forme_juridique: '' }).forme_juridique).toBeNull();
    expect(messages(clientInputSchema.safeParse({ nom_entreprise: 'A', forme_juridique: 'GIE' }))).toEqual([
      CLIENT_MESSAGES.formeJuridiqueInvalid,
    ]);
  });

  it('merges the sectors in use with the fixed list', () => {
    expect(mergeSectors(['Textile', 'Mines', null, '', 'Aéronautique'])).toEqual([
      ...SECTEURS_ACTIVITE,
      'Aéronautique',
      'Mines',
    ]);
  });
});

describe('equipment schema', () => {
  it('requires nom and owner', () => {
    const msgs = messages(equipmentInputSchema.safeParse({ nom: '' }));
    expect(msgs).toContain(EQUIPMENT_MESSAGES.nomRequired);
    expect(msgs).toContain(EQUIPMENT_MESSAGES.proprietaireRequired);
  });

  it('keeps amounts as exact decimal strings', () => {
    expect(decimalInput.parse(1234567.89)).toBe('1234567.89');
    expect(decimalInput.parse('1234,5')).toBe('1234.5');
    expect(decimalInput.parse('')).toBeNull();
    expect(decimalInput.parse(null)).toBeNull();
    for (const bad of ['1.234', '-5', 'abc', 1e21, '1234567890123'])
      expect(messages(decimalInput.safeParse(bad))).toEqual([DECIMAL_MESSAGE]);
  });

  it('shows types by their French label, an unknown code with spaces', () => {
    expect(equipmentTypeLabel('GROUPE_ELECTROGENE')).toBe('Groupe électrogène');
    expect(equipmentTypeLabel('BATTERIE_CONDENSATEURS')).toBe('Batterie de condensateurs');
    expect(equipmentTypeLabel('NOUVEAU_TYPE')).toBe('NOUVEAU TYPE');
    expect(equipmentTypeLabel(null)).toBe('-');
  });
});
