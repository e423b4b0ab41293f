import { describe, expect, it } from 'vitest';
import { bulkAssignSchema } from '../src/interventions/assignment-schemas.ts';
import { derivePhases, nextActions } from '../src/interventions/phases.ts';
import { planificationInputSchema, qualityControlFormSchema } from '../src/interventions/record-schemas.ts';

const at = '2026-02-01T08:00:00.000Z';
const done = (...args: Parameters<typeof derivePhases>) =>
  Object.entries(derivePhases(...args))
    .filter(([, p]) => p.completed)
    .map(([k]) => k);

describe('phases from records', () => {
  it('a planification completes planification, a diagnostic then completes préparation', () => {
    expect(done('PLANIFIEE', [], { diagnostic: { updatedAt: at } })).toEqual([]);
    expect(done('PLANIFIEE', [], { planification: { updatedAt: at } })).toEqual(['planification']);
    const both = derivePhases('PLANIFIEE', [], { planification: { updatedAt: at }, diagnostic: { updatedAt: at } });
    expect(both.preparation).toMatchObject({ completed: true, completedAt: at });
    expect(both.execution.completed).toBe(false);
  });
  it('waiting for parts keeps préparation open; records never undo what the status reached', () => {
    const records = { planification: { updatedAt: at }, diagnostic: { updatedAt: at } };
    expect(done('EN_ATTENTE_PDR', [], records)).toEqual(['planification']);
    expect(done('TERMINEE', [], {})).toEqual(['planification', 'preparation', 'execution', 'cloture']);
  });
});

describe('next actions from records', () => {
  it('lists what is missing before the start and the quality control after the end', () => {
    const missing = nextActions('PLANIFIEE', { records: {} });
    expect(missing).toContain('Affecter un technicien');
    expect(missing).toContain('Planifier la date prévue et la durée estimée');
    const ready = nextActions('PLANIFIEE', {
      records: { technicianAssigned: true, planification: { updatedAt: at }, diagnostic: { updatedAt: at } },
    });
    expect(ready).toEqual(['Vérifier la disponibilité des pièces de rechange', "Démarrer l'intervention sur site"]);
    expect(nextActions('TERMINEE', { records: {} })[0]).toBe('Effectuer le contrôle qualité');
    const ok = nextActions('TERMINEE', { records: { controleQualite: { resultat: 'CONFORME', updatedAt: at } } });
    expect(ok).toEqual(nextActions('TERMINEE'));
  });
});

describe('schemas', () => {
  it('planification reads a French decimal duration and keeps the technician tri-state', () => {
    const p = planificationInputSchema.parse({ datePrevue: '2026-03-01', dureeEstimee: '1,5' });
    expect(p).toMatchObject({ dureeEstimee: '1.5', piecesNecessaires: null });
    expect(p.technicianId).toBeUndefined();
    expect(planificationInputSchema.parse({ datePrevue: '2026-03-01', technicianId: null }).technicianId).toBeNull();
    expect(planificationInputSchema.safeParse({ datePrevue: '2026-03-01', dureeEstimee: '1000' }).success).toBe(false);
  });
  it('quality control form requires a result; bulk assign dedupes ids', () => {
    const r = qualityControlFormSchema.safeParse({ resultat: '', observations: '', controleLe: '2026-01-01' });
    expect(r.success).toBe(false);
    expect(bulkAssignSchema.parse({ ids: [3, 3, 4], technicianId: 1 }).ids).toEqual([3, 4]);
  });
});

describe('attachment allow-list', () => {
  it('needs an allowed extension whose type agrees (or a generic browser type)', async () => {
    const { isAllowedAttachment, mimeTypeFor, formatFileSize } = await import(
      '../src/interventions/attachment-schemas.ts'
    );
    expect(isAllowedAttachment('Photo.JPG', 'image/jpeg')).toBe(true);
    expect(isAllowedAttachment('rapport.pdf', 'application/octet-stream')).toBe(true);
    expect(isAllowedAttachment('rapport.pdf', 'image/png')).toBe(false);
    expect(isAllowedAttachment('page.html', 'text/html')).toBe(false);
    expect(isAllowedAttachment('sans-extension', 'application/pdf')).toBe(false);
    expect(mimeTypeFor('mesures.csv')).toBe('text/csv');
    expect(formatFileSize(1536)).toBe('1,5 Ko');
  });
});
