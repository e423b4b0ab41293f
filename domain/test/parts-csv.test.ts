import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, PARTS_CSV_MESSAGES, parseCsv, partsFromCsv } from '../src/stock/parts-csv.ts';
import { STOCK_MESSAGES } from '../src/stock/stock-schemas.ts';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, line breaks inside quotes, CRLF and a BOM, with each record’s line', () => {
    const text = '\uFEFFa;b\r\n"x;1";"dit ""oui"""\r\n"deux\nlignes";z\r\n\r\nfin;ok';
    expect(parseCsv(text).records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'dit "oui"'] },
      { line: 3, cells: ['deux\nlignes', 'z'] },
      { line: 6, cells: ['fin', 'ok'] },
    ]);
  });

  it('takes a comma when the header has no semicolon, and reports an unclosed quote', () => {
    expect(parseCsv('a,b\n1,2').records[1]?.cells).toEqual(['1', '2']);
    expect(parseCsv('a;b\n"1;2').error).toBe(2);
  });
});

describe('partsFromCsv', () => {
  const header = 'Référence;Désignation;Famille;Unité;Prix unitaire (MAD);Fournisseurs;En stock';
  it('validates every line with the form’s schema, lists split on |, decimal commas, formulas un-neutralised', () => {
    const { parts, errors } = partsFromCsv(
      `${header}\nROUL-1;Roulement;Roulements;u;12,50;SKF | FAG;40\n'-JOINT;Joint;;u;3;;0`,
    );
    expect(errors).toEqual([]);
    expect(parts).toEqual([
      expect.objectContaining({
        reference: 'ROUL-1',
        prix_unitaire: 12.5,
        fournisseurs: [
          { nom: 'SKF', ice: null, contact: null, delai_jours: null },
          { nom: 'FAG', ice: null, contact: null, delai_jours: null },
        ],
      }),
      expect.objectContaining({ reference: '-JOINT', famille: null, fournisseurs: [], seuil_reappro: 0 }),
    ]);
  });

  it('gives every error with its line: invalid values, duplicates, missing columns', () => {
    const { errors } = partsFromCsv(`${header}\nA;Un;;u;1\nB;;;u;abc\nA;Encore;;u;2`);
    expect(errors).toEqual([
      { field: 'Ligne 3', msg: STOCK_MESSAGES.designationRequired },
      { field: 'Ligne 3', msg: STOCK_MESSAGES.prixInvalid },
      { field: 'Ligne 4', msg: PARTS_CSV_MESSAGES.duplicate('A', 2) },
    ]);
    expect(partsFromCsv('Référence;Désignation\nA;B').errors).toEqual([
      { field: 'Ligne 1', msg: PARTS_CSV_MESSAGES.missingColumn('Unité') },
      { field: 'Ligne 1', msg: PARTS_CSV_MESSAGES.missingColumn('Prix unitaire (MAD)') },
    ]);
    expect(partsFromCsv(header).errors).toEqual([{ field: 'contenu', msg: PARTS_CSV_MESSAGES.empty }]);
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8, else the Windows-1252 of a file saved again by Excel', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('Référence;Désignation'))).toBe('Référence;Désignation');
    // 'Référence' in Windows-1252: é = 0xE9
    const cp1252 = Uint8Array.from([0x52, 0xe9, 0x66, 0xe9, 0x72, 0x65, 0x6e, 0x63, 0x65]);
    expect(decodeCsvBytes(cp1252)).toBe('Référence');
  });

  it('finds the columns without case nor accents', () => {
    const { parts, errors } = partsFromCsv('REFERENCE;designation;Unite;Prix unitaire (mad)\nA;Un;u;1');
    expect(errors).toEqual([]);
    expect(parts[0]).toMatchObject({ reference: 'A', designation: 'Un', unite: 'u', prix_unitaire: 1 });
  });
});
