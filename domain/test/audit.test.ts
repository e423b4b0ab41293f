import { describe, expect, it } from 'vitest';
import { auditChanges, auditEntityText, auditValueText } from '../src/audit/audit-display.ts';
import { formatDateTime } from '../src/format/format.ts';

describe('auditChanges (the detail of an audit row)', () => {
  it('an update lists only the fields whose value changed, lists compared by content', () => {
    const before = { nom: 'Atelier', description: null, permissions: ['clients:read'], tags: ['a'] };
    const after = {
      nom: 'Atelier Nord',
      description: null,
      permissions: ['clients:read', 'equipment:read'],
      tags: ['a'],
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'nom', before: 'Atelier', after: 'Atelier Nord' },
      { field: 'permissions', before: ['clients:read'], after: ['clients:read', 'equipment:read'] },
    ]);
  });

  it('a creation lists every field set and a deletion every field removed', () => {
    expect(auditChanges(null, { nom: 'Atelier', responsableId: 4 })).toEqual([
      { field: 'nom', before: null, after: 'Atelier' },
      { field: 'responsableId', before: null, after: 4 },
    ]);
    expect(auditChanges({ nom: 'Atelier' }, null)).toEqual([{ field: 'nom', before: 'Atelier', after: null }]);
  });

  it("an update does not list a field only one snapshot captured (the row's id, an input-only field)", () => {
    const row = { id: 7, nom: 'Atelier', description: null, responsable_id: null };
    const input = { nom: 'Atelier Nord', description: null, responsable_id: 4, notify: true };
    expect(auditChanges(row, input)).toEqual([
      { field: 'nom', before: 'Atelier', after: 'Atelier Nord' },
      { field: 'responsable_id', before: null, after: 4 },
    ]);
  });

  it('nothing recorded means no change; a bare value is one unnamed change', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(['a'], ['a', 'b'])).toEqual([{ field: '', before: ['a'], after: ['a', 'b'] }]);
  });
});

describe('audit display texts', () => {
  it('values read as French text', () => {
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('')).toBe('—');
    expect(auditValueText(true)).toBe('oui');
    expect(auditValueText(false)).toBe('non');
    expect(auditValueText(12)).toBe('12');
    // issue 30: permissions by their label, dates as fr-FR
    expect(auditValueText(['clients:read', 'equipment:read'])).toBe('Consulter les clients, Consulter les équipements');
    expect(auditValueText('2026-11-30')).toBe('30/11/2026');
    expect(auditValueText('2026-11-30T08:05:07.000Z')).toBe(
      formatDateTime('2026-11-30T08:05:07.000Z', { seconds: true }),
    );
    expect(auditValueText('2026-11-30T08:05:07.000Z')).toMatch(/^30\/11\/2026 \d{2}:05:07$/);
    expect(auditValueText('ceci:nest pas une permission')).toBe('ceci:nest pas une permission');
    expect(auditValueText([])).toBe('—');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
  });

  it('the object is its type label and id', () => {
    expect(auditEntityText({ entityType: 'section', entityId: '12' })).toBe('Section #12');
    expect(auditEntityText({ entityType: 'audit', entityId: null })).toBe("Journal d'audit");
    expect(auditEntityText({ entityType: 'pump', entityId: '3' })).toBe('pump #3');
    expect(auditEntityText({ entityType: null, entityId: null })).toBe('—');
  });

  it('the audit date shows seconds', () => {
    const d = new Date(2024, 4, 2, 9, 5, 7);
    expect(formatDateTime(d, { seconds: true })).toBe('02/05/2024 09:05:07');
    expect(formatDateTime(d)).toBe('02/05/2024 09:05');
  });
});
