import {
  ACTIVE_STATUTS,
  CLOSED_STATUTS,
  inScope,
  isActive,
  isCompleted,
  isNotDeleted,
  isOpen,
  isOverdue,
  isUrgent,
  isVisible,
  OPEN_STATUTS,
  OVERDUE_DAYS,
  overdueBefore,
} from '@gmao/domain/interventions/predicates';
import { STATUTS } from '@gmao/domain/interventions/status';
import { describe, expect, it } from 'vitest';

const NOW = '2026-01-01T00:00:00Z';

describe('intervention predicates (one definition each)', () => {
  it('open is every status but Terminée, Annulée and Échec; the two lists split the statuses', () => {
    expect(CLOSED_STATUTS).toEqual(['TERMINEE', 'ANNULEE', 'ECHEC']);
    expect([...OPEN_STATUTS, ...CLOSED_STATUTS].sort()).toEqual([...STATUTS].sort());
    expect(STATUTS.filter(isOpen)).toEqual(OPEN_STATUTS);
    expect(isOpen('N_IMPORTE_QUOI')).toBe(false);
  });

  it('active is En Cours only, completed is Terminée only', () => {
    expect(ACTIVE_STATUTS).toEqual(['EN_COURS']);
    expect(STATUTS.filter(isActive)).toEqual(['EN_COURS']);
    expect(STATUTS.filter(isCompleted)).toEqual(['TERMINEE']);
  });

  it('urgent is open and flagged', () => {
    expect(isUrgent({ statut: 'EN_PAUSE', urgence: true })).toBe(true);
    expect(isUrgent({ statut: 'EN_PAUSE', urgence: false })).toBe(false);
    expect(isUrgent({ statut: 'TERMINEE', urgence: true })).toBe(false);
  });

  it('overdue is open and dated more than 30 days before today (the 30th day before is not yet overdue)', () => {
    expect(OVERDUE_DAYS).toBe(30);
    expect(overdueBefore('2026-03-31')).toBe('2026-03-01');
    expect(isOverdue({ statut: 'PLANIFIEE', date: '2026-02-28' }, '2026-03-31')).toBe(true);
    expect(isOverdue({ statut: 'PLANIFIEE', date: '2026-03-01' }, '2026-03-31')).toBe(false);
    expect(isOverdue({ statut: 'ECHEC', date: '2020-01-01' }, '2026-03-31')).toBe(false);
    expect(isOverdue({ statut: 'EN_COURS', date: '2026-03-29' }, '2026-03-31', 1)).toBe(true);
  });

  it('visible is neither in the trash nor archived; the scopes split every record', () => {
    const states = [
      { deletedAt: null, archivedAt: null },
      { deletedAt: null, archivedAt: NOW },
      { deletedAt: NOW, archivedAt: null },
      { deletedAt: NOW, archivedAt: NOW },
    ];
    expect(states.map(isVisible)).toEqual([true, false, false, false]);
    expect(states.map(isNotDeleted)).toEqual([true, true, false, false]);
    expect(states.map((s) => inScope(s, 'active'))).toEqual([true, false, false, false]);
    expect(states.map((s) => inScope(s, 'archived'))).toEqual([false, true, false, false]);
    expect(states.map((s) => inScope(s, 'deleted'))).toEqual([false, false, true, true]);
  });
});
