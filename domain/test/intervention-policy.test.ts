import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSION_DESCRIPTIONS, PERMISSIONS } from '../src/auth/permissions.ts';
import {
  CONTRIBUTE_ACTIONS,
  can,
  denial,
  interventionFacts,
  itemFacts,
  POLICY_MESSAGES,
  WORK_ACTIONS,
} from '../src/interventions/policy.ts';

const withRole = (id: number, role: string) => ({ id, role, permissions: DEFAULT_ROLES[role]?.permissions ?? [] });
const techA = withRole(1, 'Technicien');
const techB = withRole(2, 'Technicien');
const responsable = withRole(3, 'Responsable');
const reader = withRole(4, 'Consultation');
const admin = { id: 5, role: 'Administrateur', permissions: [] };

const createdByA = { createdBy: 1, technicianId: null };
const assignedToA = { createdBy: 3, technicianId: 1 };
const ofB = { createdBy: 3, technicianId: 2 };
const unassigned = { createdBy: 3, technicianId: null };

describe('interventions:assign', () => {
  it('exists with a French description and belongs to the Responsable role, not the Technicien', () => {
    expect(PERMISSIONS.INTERVENTIONS_ASSIGN).toBe('interventions:assign');
    expect(PERMISSION_DESCRIPTIONS['interventions:assign']).toMatch(/^Affecter/);
    expect(DEFAULT_ROLES.Responsable?.permissions).toContain('interventions:assign');
    expect(DEFAULT_ROLES.Technicien?.permissions).not.toContain('interventions:assign');
  });
});

describe('work on an intervention', () => {
  it.each(WORK_ACTIONS)('%s: its creator or assignee, or a responsable; never a reader', (action) => {
    expect(can(techA, action, createdByA)).toBe(true);
    expect(can(techA, action, assignedToA)).toBe(true);
    expect(can(techA, action, ofB)).toBe(false);
    expect(can(techA, action, unassigned)).toBe(false);
    expect(denial(techA, action, ofB)).toBe(POLICY_MESSAGES.notInvolved);
    expect(can(responsable, action, ofB)).toBe(true);
    expect(can(admin, action, ofB)).toBe(true);
    expect(can(reader, action, { createdBy: 4, technicianId: 4 })).toBe(false);
    expect(can(null, action, createdByA)).toBe(false);
  });

  it.each(CONTRIBUTE_ACTIONS)('%s: any holder of interventions:update, on any intervention', (action) => {
    expect(can(techA, action, ofB)).toBe(true);
    expect(can(reader, action, ofB)).toBe(false);
  });
});

describe('assignment', () => {
  it('assigning and reassigning need interventions:assign', () => {
    expect(can(techA, 'assign', createdByA)).toBe(false);
    expect(denial(techA, 'assign', createdByA)).toBe(POLICY_MESSAGES.assignRequired);
    expect(can(responsable, 'assign', ofB)).toBe(true);
    expect(can(admin, 'assign', ofB)).toBe(true);
  });

  it('a technician may take over an intervention nobody holds, not one held by someone', () => {
    expect(can(techA, 'takeOver', unassigned)).toBe(true);
    expect(can(techA, 'takeOver', ofB)).toBe(false);
    expect(denial(techA, 'takeOver', ofB)).toBe(POLICY_MESSAGES.takeOverRefused);
    expect(can(reader, 'takeOver', unassigned)).toBe(false);
  });
});

describe('items (comment, attachment, material line, compte rendu)', () => {
  it('are changed or deleted by their author or a holder of interventions:assign', () => {
    expect(can(techA, 'editOwnedItem', { authorId: 1 })).toBe(true);
    expect(can(techB, 'editOwnedItem', { authorId: 1 })).toBe(false);
    expect(denial(techB, 'editOwnedItem', { authorId: 1 })).toBe(POLICY_MESSAGES.notAuthor);
    expect(can(techB, 'editOwnedItem', { authorId: null })).toBe(false);
    expect(can(responsable, 'editOwnedItem', { authorId: 1 })).toBe(true);
    expect(can(reader, 'editOwnedItem', { authorId: 4 })).toBe(false);
  });
});

describe('lifecycle and review', () => {
  it.each(['archive', 'unarchive', 'trash', 'restore', 'forceDelete'] as const)(
    '%s needs interventions:delete, even on one’s own intervention',
    (action) => {
      expect(can(techA, action, createdByA)).toBe(false);
      expect(denial(techA, action, createdByA)).toBe(POLICY_MESSAGES.deleteRequired);
      expect(can(responsable, action, ofB)).toBe(true);
    },
  );

  it('approving or rejecting needs interventions:approve', () => {
    expect(can(techA, 'review', createdByA)).toBe(false);
    expect(can(responsable, 'review', ofB)).toBe(true);
  });
});

describe('facts from API objects', () => {
  it('reads the creator, the assignee and the author', () => {
    expect(interventionFacts({ creerPar: { id: 3 }, technicianId: 1 })).toEqual(assignedToA);
    expect(interventionFacts({ creerPar: null, technicianId: null })).toEqual({ createdBy: null, technicianId: null });
    expect(itemFacts({ auteur: { id: 9 } })).toEqual({ authorId: 9 });
    expect(itemFacts({ auteur: null })).toEqual({ authorId: null });
  });

  it('an intervention whose creator is unknown is nobody’s', () => {
    expect(can(techA, 'changeStatus', { createdBy: null, technicianId: null })).toBe(false);
  });
});
