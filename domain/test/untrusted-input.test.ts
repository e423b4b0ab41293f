import { describe, expect, it } from 'vitest';
import { idParamsSchema, idSchema, MAX_ID } from '../src/common/api.ts';
import { neutraliseCsvCell } from '../src/common/csv.ts';
import { MAX_FILENAME_LENGTH, sanitizeFilename } from '../src/common/filename.ts';
import { SERVER_MESSAGES } from '../src/common/messages.ts';
import { interventionListQuerySchema } from '../src/interventions/intervention-schemas.ts';
import { reportFilterSchema } from '../src/reports/report-schemas.ts';
import { userListQuerySchema } from '../src/users/user-schemas.ts';

describe('sanitizeFilename (uploaded file names)', () => {
  it.each([
    ['rapport.pdf', 'rapport.pdf'],
    ['Relevé thermique été.pdf', 'Relevé thermique été.pdf'],
    ['rap\u0000port.pdf', 'rapport.pdf'],
    ['rapport\r\nSet-Cookie: x.pdf', 'rapportSet-Cookie: x.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\system32\\a.pdf', 'a.pdf'],
    ['C:\\Users\\amine\\Documents\\devis.xlsx', 'devis.xlsx'],
    ['  ..rapport.pdf. . ', 'rapport.pdf'],
    ['facture\u202Efdp.exe', 'facturefdp.exe'],
    ['\u200Bphoto\uFEFF.png', 'photo.png'],
    ['tab\there.txt', 'tabhere.txt'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFilename(raw)).toBe(expected);
  });

  it('composes decomposed accents (NFC), so the same name is stored the same way from every system', () => {
    const decomposed = 'Releve\u0301.pdf';
    expect(sanitizeFilename(decomposed)).toBe('Relevé.pdf');
    expect(sanitizeFilename(decomposed)).toHaveLength('Relevé.pdf'.length);
  });

  it.each(['', '   ', '...', '\u0000\r\n', 'dossier/', '../..', '\\'])('nothing left in %j → fichier', (raw) => {
    expect(sanitizeFilename(raw)).toBe('fichier');
  });

  it('caps the name at 200 characters and keeps the extension', () => {
    const name = sanitizeFilename(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(MAX_FILENAME_LENGTH);
    expect(name.endsWith('aaa.pdf')).toBe(true);
    // Counted in characters: an emoji (two UTF-16 units) is never cut in half.
    const emoji = sanitizeFilename(`${'😀'.repeat(250)}.jpg`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('neutraliseCsvCell (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+cmd|/c calc!A0', `'+cmd|/c calc!A0`],
    ['-2+3+cmd|/c calc!A0', `'-2+3+cmd|/c calc!A0`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['+212 6 12 34 56 78', `'+212 6 12 34 56 78`],
  ])('prefixes %j with an apostrophe', (cell, expected) => {
    expect(neutraliseCsvCell(cell)).toBe(expected);
  });

  it.each(['Société =X', 'Transformateur 630 kVA', '', '12,50', '-12,50', '+3', '-0.5', '2024-05-01'])(
    'leaves %j as it is (plain text, or a number that cannot hold a formula)',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(cell);
    },
  );
});

describe('idSchema (path ids and id-valued query parameters)', () => {
  it.each([
    ['1', 1],
    ['8', 8],
    ['2147483647', MAX_ID],
    [42, 42],
  ])('%j → %d', (input, expected) => {
    expect(idSchema.parse(input)).toBe(expected);
  });

  it.each(['0x8', '1e0', ' 8', '8 ', '08', '-1', '0', '+8', '8.0', '99999999999', '2147483648', '', 'abc', 8.5, 0, -3])(
    'refuses %j with the French message',
    (input) => {
      const r = idParamsSchema.safeParse({ id: input });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([SERVER_MESSAGES.invalidId]);
    },
  );

  it('applies to the id filters of list queries and of the reports form', () => {
    expect(interventionListQuerySchema.safeParse({ client_id: '0x8' }).success).toBe(false);
    expect(interventionListQuerySchema.parse({ client_id: '8' }).client_id).toBe(8);
    expect(userListQuerySchema.safeParse({ role_id: '1e0' }).success).toBe(false);
    expect(userListQuerySchema.parse({ role_id: 3 }).role_id).toBe(3);
    const period = { dateFrom: '2024-01-01', dateTo: '2024-01-31' };
    // The form's 'Tous' is an empty string: no filter.
    expect(reportFilterSchema.parse({ ...period, clientId: '' }).clientId).toBeUndefined();
    expect(reportFilterSchema.parse({ ...period, clientId: '12' }).clientId).toBe(12);
    expect(reportFilterSchema.safeParse({ ...period, clientId: ' 12' }).success).toBe(false);
  });
});
