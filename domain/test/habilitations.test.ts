import { describe, expect, it } from 'vitest';
import {
  type HabilitationTitle,
  type Holder,
  missingHabilitations,
  type Requirement,
} from '../src/habilitations/coverage.ts';
import { exigencesSchema, habilitationInputSchema } from '../src/habilitations/habilitation-schemas.ts';
import { DEFAULT_REQUIREMENTS, parseSymbol, requirementFor } from '../src/habilitations/requirements.ts';
import { domainIssue, HABILITATION_MESSAGES as M, SYMBOLS, symbolIssue } from '../src/habilitations/symbols.ts';

describe('the symbol grammar of NF C 18-510', () => {
  it('accepts every symbol of the table (E with its attribute)', () => {
    for (const s of SYMBOLS) {
      const attribute = s === 'BE' || s === 'HE' ? 'Manœuvre' : null;
      expect(symbolIssue(s, attribute), s).toBeNull();
    }
    for (const a of ['Essai', 'Vérification', 'Mesurage', 'Manœuvre']) expect(symbolIssue('HE', a)).toBeNull();
    expect(symbolIssue('B2V', 'Essai')).toBeNull();
    expect(symbolIssue('h2v')).toBeNull();
  });

  it.each([
    ['B0V', null, M.symbolUnknown('B0V')],
    ['HR', null, M.symbolUnknown('HR')],
    ['HS', null, M.symbolUnknown('HS')],
    ['B3', null, M.symbolUnknown('B3')],
    ['BCV', null, M.symbolUnknown('BCV')],
    ['', null, M.symbolUnknown('')],
    ['BE', null, M.attributeRequired('BE')],
    ['HE', 'Réglage', M.attributeRequired('HE')],
    ['BR', 'Essai', M.attributeNotAllowed('BR')],
    ['B2V', 'Manœuvre', M.attributeNotAllowed('B2V')],
  ])('refuses %s %s', (symbol, attribute, message) => {
    expect(symbolIssue(symbol, attribute)).toBe(message);
  });

  it('a B symbol is delivered for BT, an H symbol for HTA or HTB', () => {
    expect(domainIssue('B2V', 'BT')).toBeNull();
    expect(domainIssue('H2V', 'HTA')).toBeNull();
    expect(domainIssue('HC', 'HTB')).toBeNull();
    expect(domainIssue('B2V', 'HTA')).toBe(M.domainMismatch('B2V', 'HTA'));
    expect(domainIssue('H1V', 'BT')).toBe(M.domainMismatch('H1V', 'BT'));
  });
});

const title = (symbole: HabilitationTitle['symbole'], extra: Partial<HabilitationTitle> = {}): HabilitationTitle => ({
  symbole,
  domaine: symbole.startsWith('H') ? 'HTA' : 'BT',
  delivree_le: '2024-01-15',
  valide_jusqu_au: '2027-01-14',
  ...extra,
});
const alaoui = (titles: HabilitationTitle[], medical: string | null = null): Holder => ({
  nom: 'K. Alaoui',
  titles,
  aptitude_medicale_jusqu_au: medical,
});
const worksOnHta: Requirement[] = [{ travail: 'HORS_TENSION', symboles: [{ symbole: 'H1V' }, { symbole: 'H2V' }] }];
const consignation: Requirement[] = [{ travail: 'CONSIGNATION', symboles: [{ symbole: 'HC' }] }];
const day = '2026-11-29';

describe('does a set of titles cover the work on a day', () => {
  // [case, holder, requirements, equipment domain, implications, expected message or null]
  const cases: [string, Holder, Requirement[], 'BT' | 'HTA' | 'HTB' | 'TBT', boolean, string | null][] = [
    ['one of the listed symbols suffices', alaoui([title('H1V')]), worksOnHta, 'HTA', false, null],
    ['the other one too', alaoui([title('H2V')]), worksOnHta, 'HTA', false, null],
    [
      'a BT titre does not cover HTA work',
      alaoui([title('B2V')]),
      worksOnHta,
      'HTA',
      false,
      `${M.required('H1V ou H2V')} — ${M.noTitle('K. Alaoui')}`,
    ],
    [
      'an HTA titre does not cover HTB equipment',
      alaoui([title('H2V')]),
      worksOnHta,
      'HTB',
      false,
      `${M.required('H1V ou H2V')} — ${M.wrongDomain('K. Alaoui', 'HTB')}`,
    ],
    [
      'valid up to and including its last day',
      alaoui([title('H2V', { valide_jusqu_au: day })]),
      worksOnHta,
      'HTA',
      false,
      null,
    ],
    [
      'refused from the day after it expires',
      alaoui([title('H2V', { valide_jusqu_au: '2026-10-12' })]),
      worksOnHta,
      'HTA',
      false,
      'Habilitation H1V ou H2V requise — celle de K. Alaoui a expiré le 12/10/2026',
    ],
    [
      'a renewal (a newer row) covers although the old one expired',
      alaoui([title('H2V', { valide_jusqu_au: '2026-10-12' }), title('H2V', { delivree_le: '2026-10-13' })]),
      worksOnHta,
      'HTA',
      false,
      null,
    ],
    [
      'not valid before it is delivered',
      alaoui([title('H2V', { delivree_le: '2026-12-01' })]),
      worksOnHta,
      'HTA',
      false,
      `${M.required('H1V ou H2V')} — ${M.notYet('K. Alaoui', '01/12/2026')}`,
    ],
    [
      'no implied symbols by default: H2V is not HC',
      alaoui([title('H2V')]),
      consignation,
      'HTA',
      false,
      `${M.required('HC')} — ${M.noTitle('K. Alaoui')}`,
    ],
    [
      'with implications, H2V covers H1V work',
      alaoui([title('H2V')]),
      [{ travail: 'HORS_TENSION', symboles: [{ symbole: 'H1V' }] }],
      'HTA',
      true,
      null,
    ],
    [
      'without them it does not',
      alaoui([title('H2V')]),
      [{ travail: 'HORS_TENSION', symboles: [{ symbole: 'H1V' }] }],
      'HTA',
      false,
      `${M.required('H1V')} — ${M.noTitle('K. Alaoui')}`,
    ],
    [
      'TBT equipment takes a BT titre',
      alaoui([title('BR')]),
      [{ travail: 'INTERVENTION_BT', symboles: [{ symbole: 'BR' }] }],
      'TBT',
      false,
      null,
    ],
    [
      'an E requirement names its attribute',
      alaoui([title('BE', { attribut: 'Mesurage' })]),
      [{ travail: 'MANOEUVRE', symboles: [{ symbole: 'BE', attribut: 'Manœuvre' }] }],
      'BT',
      false,
      `${M.required('BE Manœuvre')} — ${M.noTitle('K. Alaoui')}`,
    ],
    [
      'a recorded medical fitness must be valid too',
      alaoui([title('H2V')], '2026-11-01'),
      worksOnHta,
      'HTA',
      false,
      `${M.required('H1V ou H2V')} — ${M.medicalExpired('K. Alaoui', '01/11/2026')}`,
    ],
    ['nothing required, nothing missing', alaoui([]), [], 'HTA', false, null],
  ];
  it.each(cases)('%s', (_label, holder, requirements, domaine, implications, expected) => {
    const missing = missingHabilitations(holder, requirements, domaine, day, implications);
    expect(missing.map((m) => m.message)).toEqual(expected ? [expected] : []);
  });

  it('lists every kind of work that is not covered', () => {
    const missing = missingHabilitations(alaoui([title('H1V')]), [...worksOnHta, ...consignation], 'HTA', day);
    expect(missing).toEqual([
      { travail: 'CONSIGNATION', symboles: ['HC'], message: `${M.required('HC')} — ${M.noTitle('K. Alaoui')}` },
    ]);
  });
});

describe('what an equipment requires (issue 34)', () => {
  it('reads "BE Manœuvre" as a symbol and its attribute, and refuses what is not in the table', () => {
    expect(parseSymbol('BE Manœuvre')).toEqual({ symbole: 'BE', attribut: 'Manœuvre' });
    expect(parseSymbol('h2v')).toEqual({ symbole: 'H2V', attribut: null });
    expect(parseSymbol('B0V')).toBeNull();
    expect(parseSymbol('BE Réglage')).toBeNull();
  });

  it('one kind of work: its symbols, one of which suffices; nothing for a kind the equipment does not list', () => {
    const exigences = DEFAULT_REQUIREMENTS.TRANSFORMATEUR.exigences;
    expect(requirementFor(exigences, 'HORS_TENSION')).toEqual([
      {
        travail: 'HORS_TENSION',
        symboles: [
          { symbole: 'H1V', attribut: null },
          { symbole: 'H2V', attribut: null },
        ],
      },
    ]);
    expect(requirementFor(exigences, 'NON_ELECTRIQUE')).toEqual([]);
    expect(requirementFor(exigences, null)).toEqual([]);
  });

  it('the defaults by type: transformer HTA (H1V/H2V, HC, BR on the LV side), tableau BT, groupe BR', () => {
    expect(DEFAULT_REQUIREMENTS.TRANSFORMATEUR.domaine).toBe('HTA');
    expect(
      DEFAULT_REQUIREMENTS.TABLEAU_ELECTRIQUE.exigences.find((e) => e.travail === 'HORS_TENSION')?.symboles,
    ).toEqual(['B1V', 'B2V']);
    expect(
      DEFAULT_REQUIREMENTS.GROUPE_ELECTROGENE.exigences.find((e) => e.travail === 'INTERVENTION_BT')?.symboles,
    ).toEqual(['BR']);
    // Every default is a valid exigences list.
    for (const d of Object.values(DEFAULT_REQUIREMENTS))
      expect(exigencesSchema.safeParse(d.exigences).success).toBe(true);
  });

  it('the title form: French messages for an unknown symbol, a wrong domain and an expiry before the issue date', () => {
    const base = {
      symbole: 'H2V',
      domaine: 'HTA',
      delivree_le: '2026-01-01',
      valide_jusqu_au: '2028-12-31',
      signataire: 'M. B',
    };
    expect(habilitationInputSchema.safeParse(base).success).toBe(true);
    const issues = (v: object) =>
      habilitationInputSchema.safeParse({ ...base, ...v }).error?.issues.map((i) => i.message);
    expect(issues({ symbole: 'HR' })).toEqual([M.symbolUnknown('HR')]);
    expect(issues({ domaine: 'BT' })).toEqual([M.domainMismatch('H2V', 'BT')]);
    expect(issues({ valide_jusqu_au: '2025-12-31' })).toEqual([M.expiryBeforeIssue]);
    expect(exigencesSchema.safeParse([{ travail: 'ESSAIS', symboles: ['B0V'] }]).error?.issues[0]?.message).toBe(
      M.symbolUnknown('B0V'),
    );
  });
});
