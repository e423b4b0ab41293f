import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * Issue 35: two webhooks of the demo, both disabled (the demo must not call addresses on the Internet): a client's ERP
 * that receives the intervention events, with a short delivery log (delivered, retried, failed), and a building
 * management system's endpoint that answered 410. Enable one with a real receiver to try it.
 */
export async function seedDemoWebhooks(db: DbOrTx, opts: { creator: number | null }) {
  const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO webhook_endpoints (url, events, actif, secret, disabled_reason, created_by)
    VALUES (${'https://erp.atlastextiles.ma/api/gmao/webhooks'},
            ARRAY['intervention.created', 'intervention.status_changed', 'intervention.completed']::text[], false,
            ${secret()}, NULL, ${opts.creator}),
           (${'https://gtb.sidielectro.ma/hooks/alarmes'}, ARRAY['sla.at_risk', 'sla.breached']::text[], false,
            ${secret()}, ${'Désactivé : le destinataire a répondu 410 (Gone)'}, ${opts.creator})
    RETURNING id`);
  const [erp, gtb] = rows.map((r) => r.id);
  if (erp === undefined || gtb === undefined) return;
  const event = (type: string, id: number) =>
    JSON.stringify({ type, timestamp: new Date().toISOString(), data: { id, statut: 'EN_COURS' } });
  await db.execute(sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, statut, attempts, next_attempt_at,
                                    last_attempt_at, last_status_code, last_duration_ms, last_error, response_excerpt,
                                    created_at, delivered_at)
    VALUES
      (${erp}, ${`msg_${randomBytes(16).toString('hex')}`}, 'intervention.created', ${event('intervention.created', 1)}::jsonb,
       'LIVRE', 1, NULL, now() - interval '2 days', 200, 184, NULL, '{"recu":true}', now() - interval '2 days',
       now() - interval '2 days'),
      (${erp}, ${`msg_${randomBytes(16).toString('hex')}`}, 'intervention.status_changed',
       ${event('intervention.status_changed', 1)}::jsonb, 'LIVRE', 3, NULL, now() - interval '1 day', 200, 233, NULL,
       '{"recu":true}', now() - interval '1 day 1 hour', now() - interval '1 day'),
      (${erp}, ${`msg_${randomBytes(16).toString('hex')}`}, 'intervention.completed',
       ${event('intervention.completed', 2)}::jsonb, 'ECHEC', 10, NULL, now() - interval '3 hours', NULL, 15000,
       'Pas de réponse dans les 15 secondes', NULL, now() - interval '3 days', NULL),
      (${gtb}, ${`msg_${randomBytes(16).toString('hex')}`}, 'sla.breached', ${event('sla.breached', 3)}::jsonb,
       'ECHEC', 1, NULL, now() - interval '5 hours', 410, 96, NULL, 'Gone', now() - interval '5 hours', NULL)`);
}
