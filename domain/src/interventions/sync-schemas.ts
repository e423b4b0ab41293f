import { z } from 'zod';
import { idSchema } from '../common/api.ts';
import { consignationInputSchema } from '../habilitations/consignation.ts';
import { checklistCheckSchema } from './checklist-schemas.ts';
import { interventionSchema, statusChangeSchema, workflowNoteSchema } from './intervention-schemas.ts';
import { materialInputSchema } from './material-schemas.ts';
import { DRAFT_MESSAGES, SYNC_MAX_CHANGES } from './offline-messages.ts';
import { versionSchema } from './version-schemas.ts';

/**
 * POST /interventions/:id/sync — the server half of an offline technician view (ARCHITECTURE.md "Versions and
 * sync"): the changes a device recorded while offline, in the order they were made, each with the device's id of
 * the change (`clientId`, so a retried batch applies nothing twice) and the time it was made (`at`).
 */
export { SYNC_MAX_CHANGES };
export const SYNC_CHANGE_TYPES = [
  'status',
  'note',
  'checklist',
  'timer',
  'timer_stop',
  'material',
  'consignation',
] as const;
export type SyncChangeType = (typeof SYNC_CHANGE_TYPES)[number];

/** Bounds of one timer session (issue 29): at most this long, whichever door writes it. */
export const TIMER_SESSION_MAX_HOURS = 24;
/** A device's clock may run a little ahead of (or behind) the server's. */
export const TIMER_CLOCK_SKEW_MS = 5 * 60_000;

/** Why a device time was not taken (SYNC_MESSAGES.deviceTimeReplaced). */
const DEVICE_TIME_ISSUES = {
  future: 'dans le futur',
  beforeCreation: "antérieure à la création de l'intervention",
  beforeLastMove: 'antérieure au dernier changement de statut enregistré',
} as const;
export type DeviceTimeIssue = keyof typeof DEVICE_TIME_ISSUES;

export const SYNC_MESSAGES = {
  changesRequired: 'Aucune modification à synchroniser',
  tooMany: `Au plus ${SYNC_MAX_CHANGES} modifications par synchronisation`,
  clientIdInvalid: 'Identifiant de modification invalide : 1 à 64 caractères parmi lettres, chiffres et « - _ : . »',
  clientIdDuplicate: (clientId: string) => `Identifiant de modification en double dans le lot : ${clientId}`,
  atInvalid: 'Date de la modification invalide : date et heure ISO 8601 avec fuseau (ex. 2026-03-12T08:30:00Z)',
  typeInvalid: 'Type de modification inconnu : status, note, checklist, timer, timer_stop ou material',
  timerOrder: "La fin d'une session de chronomètre doit suivre son début",
  timerOverlap: 'Cette session de chronomètre chevauche une autre de vos sessions sur cette intervention',
  timerFuture: 'Cette session de chronomètre est datée dans le futur',
  timerTooLong: `Une session de chronomètre dure au plus ${TIMER_SESSION_MAX_HOURS} h : corrigez ses heures de début et de fin`,
  timerBeforeCreation: "Cette session de chronomètre commence avant la création de l'intervention",
  timerStopNotRunning:
    'Aucun chronomètre en cours à votre nom sur cette intervention : il a déjà été arrêté (clôture, pause ou autre appareil)',
  /** Times as the server writes them in Casablanca ('15/12/2026 à 08:30', formatPlannedAt: the server's). */
  timerStopBeforeStart: (atText: string, startedText: string) =>
    `L'arrêt fait hors ligne (${atText}) précède le démarrage du chronomètre en cours (${startedText}) : arrêtez-le en ligne`,
  /** An applied change whose device time was not plausible: the server's time was used (history note, sync notice). */
  deviceTimeReplaced: (atText: string, why: DeviceTimeIssue) =>
    `Heure de l'appareil (${atText}) ${DEVICE_TIME_ISSUES[why]} : heure du serveur retenue`,
  baseVersionAhead: (base: number, current: number) =>
    `Version de base inconnue du serveur (${base}, version actuelle : ${current}) : rechargez l'intervention`,
  synced: (applied: number, conflicts: number) =>
    `Synchronisation terminée : ${applied} modification${applied > 1 ? 's' : ''} appliquée${applied > 1 ? 's' : ''}, ${conflicts} en conflit`,
  auditSummary: (id: number, applied: number, conflicts: number) =>
    `Intervention #${id} : synchronisation hors ligne (${applied} appliquée(s), ${conflicts} en conflit)`,
} as const;

/** The device's id of a change: a UUID or any short token of its own. */
const clientId = z
  .string({ error: SYNC_MESSAGES.clientIdInvalid })
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: SYNC_MESSAGES.clientIdInvalid });
const at = z.iso.datetime({ offset: true, error: SYNC_MESSAGES.atInvalid });

/** A work session timed on the device: its start and its end (null: still running when synchronised). */
export const timerEntrySchema = z
  .object({ startedAt: at, stoppedAt: at.nullable() })
  .refine((e) => e.stoppedAt === null || Date.parse(e.stoppedAt) > Date.parse(e.startedAt), {
    error: SYNC_MESSAGES.timerOrder,
    path: ['stoppedAt'],
  });
export type TimerEntry = z.output<typeof timerEntrySchema>;

/**
 * Why a session with these times may not be stored (null: it may): end after start, nothing in the future beyond the
 * clock skew, no start before the intervention was created (less the skew), at most TIMER_SESSION_MAX_HOURS (a
 * running one counts up to now). Every door that writes a session's times asks it (sync, correction).
 */
export function timerEntryRefusal(
  entry: { startedAt: string; stoppedAt: string | null },
  bounds: { createdAt: number; now: number },
): string | null {
  const start = Date.parse(entry.startedAt);
  const end = entry.stoppedAt === null ? null : Date.parse(entry.stoppedAt);
  if (Number.isNaN(start) || (end !== null && !(end > start))) return SYNC_MESSAGES.timerOrder;
  if ((end ?? start) > bounds.now + TIMER_CLOCK_SKEW_MS) return SYNC_MESSAGES.timerFuture;
  if (start < bounds.createdAt - TIMER_CLOCK_SKEW_MS) return SYNC_MESSAGES.timerBeforeCreation;
  if ((end ?? bounds.now) - start > TIMER_SESSION_MAX_HOURS * 3_600_000) return SYNC_MESSAGES.timerTooLong;
  return null;
}

/**
 * When a change made offline takes effect (issue 32): at its device time `at` when that is plausible — not in the
 * future beyond TIMER_CLOCK_SKEW_MS, not before the intervention's creation, not before its last recorded status
 * change (when given) — else at the server's time, with the reason the caller records (history note, sync notice).
 * `at: null` is the server's time (a device time within the skew ahead counts as now). Epoch milliseconds.
 */
export function effectiveDeviceTime(
  at: string,
  bounds: { now: number; createdAt: number; lastMove?: number | null },
): { at: number | null; issue: DeviceTimeIssue | null } {
  const t = Date.parse(at);
  if (Number.isNaN(t) || t > bounds.now + TIMER_CLOCK_SKEW_MS) return { at: null, issue: 'future' };
  if (t < bounds.createdAt) return { at: null, issue: 'beforeCreation' };
  if (typeof bounds.lastMove === 'number' && t < bounds.lastMove) return { at: null, issue: 'beforeLastMove' };
  return { at: t < bounds.now ? t : null, issue: null };
}

/** A running server timer stopped offline: the stop time is the change's `at` (no payload of its own). */
export const timerStopSchema = z.object({});

const change = <T extends SyncChangeType, P extends z.ZodType>(type: T, payload: P) =>
  z.object({ clientId, type: z.literal(type), at, payload });

/** One change; its payload is the body of the single route it stands for (same schema, same messages). */
export const syncChangeSchema = z.discriminatedUnion(
  'type',
  [
    change('status', statusChangeSchema),
    change('note', workflowNoteSchema),
    change('checklist', checklistCheckSchema.extend({ itemId: idSchema })),
    change('timer', timerEntrySchema),
    change('timer_stop', timerStopSchema),
    change('material', materialInputSchema),
    // Issue 34: the consignation record as it stands (PUT /{id}/consignation), its signatures' images included.
    change('consignation', consignationInputSchema),
  ],
  { error: SYNC_MESSAGES.typeInvalid },
);
export type SyncChange = z.output<typeof syncChangeSchema>;

export const syncRequestSchema = z
  .object({
    /** The version the device's copy was loaded at (its last sync or load). */
    baseVersion: versionSchema,
    changes: z
      .array(syncChangeSchema, { error: SYNC_MESSAGES.changesRequired })
      .min(1, { error: SYNC_MESSAGES.changesRequired })
      .max(SYNC_MAX_CHANGES, { error: SYNC_MESSAGES.tooMany }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.changes.forEach((c, i) => {
      if (seen.has(c.clientId)) {
        ctx.addIssue({ code: 'custom', message: SYNC_MESSAGES.clientIdDuplicate(c.clientId), path: ['changes', i] });
      }
      seen.add(c.clientId);
    });
  });
export type SyncRequest = z.output<typeof syncRequestSchema>;
export type SyncRequestInput = z.input<typeof syncRequestSchema>;

export const syncConflictSchema = z.object({ clientId: z.string(), reason: z.string() });
export type SyncConflict = z.infer<typeof syncConflictSchema>;

export const syncResultSchema = z.object({
  /** clientIds applied (now or by an earlier sending of the same change), in the batch's order. */
  applied: z.array(z.string()),
  /** Changes that could not apply on the current state, with the French reason. Nothing of them was written. */
  conflicts: z.array(syncConflictSchema),
  /**
   * Applied changes the server adjusted, with the French reason: a status change or a timer stop whose device time
   * was not plausible took effect at the server's time instead.
   */
  notices: z.array(syncConflictSchema),
  /** The fresh state, with its version: the device's next baseVersion. */
  intervention: interventionSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/**
 * POST /interventions's optional `Idempotency-Key` (issue 32: a draft created offline, sent again after a lost
 * answer, creates one intervention). Same format as a change id.
 */
const idempotencyKey = (effect: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: DRAFT_MESSAGES.keyInvalid })
    .optional()
    .describe(`Clé d'idempotence de l'appareil (1 à 64 caractères) : ${effect}`);

export const creationHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKey(
    "un second envoi avec la même clé renvoie l'intervention déjà créée (200) au lieu d'en créer une autre",
  ),
});

/** POST /interventions/:id/attachments's optional `Idempotency-Key`: a photo sent twice from the outbox is one. */
export const attachmentKeyHeaderSchema = z.looseObject({
  'idempotency-key': idempotencyKey(
    'un second envoi avec la même clé renvoie la pièce jointe déjà enregistrée (200) sans la stocker deux fois',
  ),
});
