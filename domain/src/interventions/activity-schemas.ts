import { z } from 'zod';
import { idSchema, paginationQuerySchema } from '../common/api.ts';
import { ACTIVITY_MESSAGES } from './messages.ts';
import type { Statut } from './status.ts';
import { SYNC_MESSAGES, TIMER_SESSION_MAX_HOURS } from './sync-schemas.ts';
import { withVersion } from './version-schemas.ts';

const userRef = z.object({ id: z.number(), nom: z.string() }).nullable();

// ---- comments --------------------------------------------------------------------------------------------------

/** POST /interventions/:id/comments and PUT …/comments/:cid — also the form's resolver. */
export const commentInputSchema = z.object({
  comment: z
    .string({ error: ACTIVITY_MESSAGES.commentRequired })
    .trim()
    .min(1, ACTIVITY_MESSAGES.commentRequired)
    .max(5000, ACTIVITY_MESSAGES.commentMax),
});
export type CommentInput = z.output<typeof commentInputSchema>;

export const commentParamsSchema = z.object({
  id: idSchema,
  cid: idSchema,
});

/** GET /interventions/:id/comments: newest first, paged. */
export const commentListQuerySchema = paginationQuerySchema.omit({ search: true });

export const commentSchema = z.object({
  id: z.number(),
  comment: z.string(),
  auteur: userRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

// ---- timer -----------------------------------------------------------------------------------------------------

export const timerSessionSchema = z.object({
  id: z.number(),
  user: userRef,
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  /** Running sessions count up to now. */
  durationSeconds: z.number(),
});
export type TimerSession = z.infer<typeof timerSessionSchema>;

/** GET /interventions/:id/timer/log */
export const timerLogSchema = z.object({
  /** The most recent sessions (at most TIMER_LOG_LIMIT); the totals cover every session. */
  sessions: z.array(timerSessionSchema),
  totalSeconds: z.number(),
  perUser: z.array(z.object({ user: userRef, totalSeconds: z.number() })),
  /** The caller's running session, if any. */
  running: timerSessionSchema.nullable(),
});
export type TimerLog = z.infer<typeof timerLogSchema>;
export const TIMER_LOG_LIMIT = 50;

/** PUT /interventions/:id/timer/sessions/:sessionId — a session's corrected times (also the edit form's resolver). */
const timerSessionTimes = z.object({
  startedAt: z.iso.datetime({ offset: true, error: ACTIVITY_MESSAGES.timerSessionDateInvalid }),
  stoppedAt: z.iso.datetime({ offset: true, error: ACTIVITY_MESSAGES.timerSessionDateInvalid }),
});
const checkTimes = (e: { startedAt: string; stoppedAt: string }, ctx: z.RefinementCtx) => {
  const length = Date.parse(e.stoppedAt) - Date.parse(e.startedAt);
  if (!(length > 0)) ctx.addIssue({ code: 'custom', path: ['stoppedAt'], message: SYNC_MESSAGES.timerOrder });
  else if (length > TIMER_SESSION_MAX_HOURS * 3_600_000) {
    ctx.addIssue({ code: 'custom', path: ['stoppedAt'], message: SYNC_MESSAGES.timerTooLong });
  }
};
export const timerSessionCorrectionSchema = timerSessionTimes.superRefine(checkTimes);
export type TimerSessionCorrection = z.output<typeof timerSessionCorrectionSchema>;
/** The route's body: the same, plus the optional `version` of clients that cannot set If-Match. */
export const timerSessionCorrectionBodySchema = withVersion(timerSessionTimes).superRefine(checkTimes);

export const timerSessionParamsSchema = z.object({ id: idSchema, sessionId: idSchema });

/** Moving the intervention to one of these stops every running timer on it (work suspended or over). */
export const TIMER_STOPPING_STATUTS: readonly Statut[] = ['EN_PAUSE', 'EN_ATTENTE_PDR', 'TERMINEE', 'ANNULEE', 'ECHEC'];

/** '2 h 05 min', '45 min', '30 s' */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}
