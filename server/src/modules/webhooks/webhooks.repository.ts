import type { Webhook, WebhookDelivery, WebhookDeliveryStatut } from '@gmao/domain/webhooks/webhook-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { ADMIN_ROLE_NAMES_SQL } from '../../db/user-sql.ts';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const textArray = (list: readonly string[]) =>
  sql`ARRAY[${sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

type EndpointRow = {
  id: number;
  url: string;
  events: string[];
  actif: boolean;
  disabled_reason: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  failed: number;
  pending: number;
};

const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  actif: r.actif,
  disabled_reason: r.disabled_reason,
  previous_secret_expires_at: iso(r.previous_secret_expires_at),
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
  failed: r.failed,
  pending: r.pending,
});

const SELECT_ENDPOINT = sql`
  SELECT e.id, e.url, e.events, e.actif, e.disabled_reason,
         CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_expires_at END AS previous_secret_expires_at,
         e.created_at, e.updated_at,
         (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.statut = 'ECHEC') AS failed,
         (SELECT count(*)::int FROM webhook_deliveries d
           WHERE d.endpoint_id = e.id AND d.statut IN ('EN_ATTENTE', 'ENVOI')) AS pending
  FROM webhook_endpoints e`;

export async function listEndpoints(db: DbOrTx): Promise<Webhook[]> {
  const { rows } = await db.execute<EndpointRow>(
    sql`${SELECT_ENDPOINT} ORDER BY e.created_at DESC, e.id DESC LIMIT 500`,
  );
  return rows.map(toWebhook);
}

/** How many endpoints exist, creations serialised until the caller's transaction ends (the cap holds under races). */
export async function countEndpointsLocked(db: DbOrTx): Promise<number> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints.create'))`);
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_endpoints`);
  return rows[0]!.n;
}

export async function findEndpoint(db: DbOrTx, id: number): Promise<Webhook | null> {
  const { rows } = await db.execute<EndpointRow>(sql`${SELECT_ENDPOINT} WHERE e.id = ${id}`);
  return rows[0] ? toWebhook(rows[0]) : null;
}

export async function insertEndpoint(
  db: DbOrTx,
  e: { url: string; events: string[]; actif: boolean; secret: string; createdBy: number },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO webhook_endpoints (url, events, actif, secret, created_by)
    VALUES (${e.url}, ${textArray(e.events)}, ${e.actif}, ${e.secret}, ${e.createdBy})
    RETURNING id`);
  return rows[0]!.id;
}

/** Saves the fields; enabling again clears the reason a 410 gave. Locks nothing else. */
export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  e: { url: string; events: string[]; actif: boolean },
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE webhook_endpoints
    SET url = ${e.url}, events = ${textArray(e.events)}, actif = ${e.actif},
        disabled_reason = CASE WHEN ${e.actif} THEN NULL ELSE disabled_reason END, updated_at = now()
    WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`DELETE FROM webhook_endpoints WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

/** The new secret signs from now on; the current one becomes the previous one, valid `hours` more. */
export async function rotateSecret(db: DbOrTx, id: number, secret: string, hours: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE webhook_endpoints
    SET previous_secret = secret, previous_secret_expires_at = now() + make_interval(hours => ${hours}),
        secret = ${secret}, updated_at = now()
    WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

export async function disableEndpoint(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE webhook_endpoints SET actif = false, disabled_reason = ${reason}, updated_at = now()
    WHERE id = ${id} AND actif RETURNING id`);
  return rows.length > 0;
}

/** Enabled endpoints that receive `type` (a handful of rows: no index needed). */
export async function subscribedEndpoints(db: DbOrTx, type: string): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM webhook_endpoints WHERE actif AND ${type} = ANY(events) ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** One outbox row per endpoint, in the caller's transaction. */
export async function insertDeliveries(
  db: DbOrTx,
  endpointIds: readonly number[],
  event: { id: string; type: string; payload: string },
): Promise<number[]> {
  if (endpointIds.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload)
    SELECT e, ${event.id}, ${event.type}, ${event.payload}::jsonb
    FROM unnest(${sql`ARRAY[${sql.join(
      endpointIds.map((i) => sql`${i}`),
      sql`, `,
    )}]::int[]`}) AS e
    RETURNING id`);
  return rows.map((r) => r.id);
}

/** A new outbox row carrying the same event (same webhook-id, same body), for "Renvoyer". */
export async function insertRedelivery(db: DbOrTx, endpointId: number, deliveryId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, redelivery_of)
    SELECT endpoint_id, event_id, event_type, payload, id FROM webhook_deliveries
    WHERE id = ${deliveryId} AND endpoint_id = ${endpointId}
    RETURNING id`);
  return rows[0]?.id ?? null;
}

export type ClaimedDelivery = {
  id: number;
  endpoint_id: number;
  event_id: string;
  payload_text: string;
  attempts: number;
  url: string;
  actif: boolean;
  secret: string;
  previous_secret: string | null;
};

/**
 * Takes a delivery for one attempt: EN_ATTENTE → ENVOI (or an ENVOI whose sender died: 2 minutes is 8 timeouts), the
 * attempt counted. null when another runner has it or it is finished — so a duplicated job never sends twice at once.
 */
export async function claimDelivery(db: DbOrTx, id: number): Promise<ClaimedDelivery | null> {
  const { rows } = await db.execute<ClaimedDelivery>(sql`
    UPDATE webhook_deliveries d SET statut = 'ENVOI', sending_since = now(), attempts = d.attempts + 1
    FROM webhook_endpoints e
    WHERE d.id = ${id} AND e.id = d.endpoint_id
      AND (d.statut = 'EN_ATTENTE' OR (d.statut = 'ENVOI' AND d.sending_since < now() - interval '2 minutes'))
    RETURNING d.id, d.endpoint_id, d.event_id, d.payload::text AS payload_text, d.attempts, e.url, e.actif, e.secret,
              CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret`);
  return rows[0] ?? null;
}

/** The delivery's status (null when it, or its endpoint, is gone). */
export async function deliveryStatut(db: DbOrTx, id: number): Promise<WebhookDeliveryStatut | null> {
  const { rows } = await db.execute<{ statut: WebhookDeliveryStatut }>(
    sql`SELECT statut FROM webhook_deliveries WHERE id = ${id}`,
  );
  return rows[0]?.statut ?? null;
}

/** Back to EN_ATTENTE after an attempt that failed on our side (the job is retried by the queue). */
export async function releaseDelivery(db: DbOrTx, id: number) {
  await db.execute(
    sql`UPDATE webhook_deliveries SET statut = 'EN_ATTENTE', sending_since = NULL WHERE id = ${id} AND statut = 'ENVOI'`,
  );
}

/** The outcome of an attempt: LIVRE, ECHEC, or EN_ATTENTE again until `retryAt`. */
export async function recordAttempt(
  db: DbOrTx,
  id: number,
  a: {
    statut: WebhookDeliveryStatut;
    retryAt: Date | null;
    status: number | null;
    durationMs: number | null;
    error: string | null;
    excerpt: string | null;
  },
) {
  await db.execute(sql`
    UPDATE webhook_deliveries
    SET statut = ${a.statut}, next_attempt_at = ${a.retryAt ? a.retryAt.toISOString() : null}::timestamptz,
        sending_since = NULL, last_attempt_at = now(), last_status_code = ${a.status},
        last_duration_ms = ${a.durationMs}, last_error = ${a.error ? a.error.slice(0, 500) : null},
        response_excerpt = ${a.excerpt},
        delivered_at = CASE WHEN ${a.statut} = 'LIVRE' THEN now() ELSE delivered_at END
    WHERE id = ${id}`);
}

type DeliveryRow = {
  id: number;
  event_id: string;
  event_type: string;
  statut: WebhookDeliveryStatut;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  created_at: string;
  delivered_at: string | null;
};

const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  ...r,
  next_attempt_at: r.statut === 'EN_ATTENTE' ? iso(r.next_attempt_at) : null,
  last_attempt_at: iso(r.last_attempt_at),
  created_at: iso(r.created_at)!,
  delivered_at: iso(r.delivered_at),
});

/** The delivery log of an endpoint, newest first (index webhook_deliveries_endpoint_idx). */
export async function listDeliveries(db: DbOrTx, endpointId: number, page: number, limit: number) {
  const { rows } = await db.execute<DeliveryRow>(sql`
    SELECT id, event_id, event_type, statut, attempts, next_attempt_at, last_attempt_at, last_status_code,
           last_duration_ms, last_error, response_excerpt, created_at, delivered_at
    FROM webhook_deliveries WHERE endpoint_id = ${endpointId}
    ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const { rows: count } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpointId}`,
  );
  return { items: rows.map(toDelivery), total: count[0]!.n };
}

export async function findDelivery(db: DbOrTx, endpointId: number, id: number): Promise<WebhookDelivery | null> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    SELECT id, event_id, event_type, statut, attempts, next_attempt_at, last_attempt_at, last_status_code,
           last_duration_ms, last_error, response_excerpt, created_at, delivered_at
    FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND id = ${id}`);
  return rows[0] ? toDelivery(rows[0]) : null;
}

/** Deliveries still to be sent of an endpoint that was disabled: given up. */
export async function abandonPending(db: DbOrTx, endpointId: number, reason: string) {
  await db.execute(sql`
    UPDATE webhook_deliveries SET statut = 'ECHEC', next_attempt_at = NULL, last_error = ${reason}
    WHERE endpoint_id = ${endpointId} AND statut = 'EN_ATTENTE'`);
}

/** Finished deliveries older than `days` days. */
export async function purgeDeliveries(db: DbOrTx, days: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    DELETE FROM webhook_deliveries
    WHERE statut IN ('LIVRE', 'ECHEC') AND created_at < now() - make_interval(days => ${days}) RETURNING id`);
  return rows.length;
}

/** E-mail addresses of the enabled administrators. */
export async function administratorEmails(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT u.email FROM users u JOIN roles r ON r.id = u.role_id
    WHERE u.enabled AND u.deleted_at IS NULL AND u.email IS NOT NULL
      AND r.nom IN (${ADMIN_ROLE_NAMES_SQL})
    ORDER BY u.id`);
  return rows.map((r) => r.email);
}

// --- the public fields of the objects events carry (no internal note, cost, price or staff phone) ---------------

/** An intervention as an integrator sees it. */
export async function interventionData(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const { rows } = await db.execute<{ data: Record<string, unknown> }>(sql`
    SELECT json_build_object(
      'id', i.id, 'date', i.date, 'description', i.description, 'urgence', i.urgence, 'statut', i.statut,
      'hors_contrat', i.hors_contrat, 'planned_at', i.planned_at, 'duree_prevue', i.duree_prevue,
      'started_at', i.started_at, 'completed_at', i.completed_at, 'plan_id', i.plan_id, 'version', i.version,
      'created_at', i.created_at, 'updated_at', i.updated_at,
      'client', json_build_object('id', c.id, 'nom', c.nom_entreprise),
      'equipement', json_build_object('id', e.id, 'nom', e.nom, 'type', e.type_equipement,
                                      'numero_serie', e.numero_serie),
      'technicien', CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'nom', t.nom) END
    ) AS data
    FROM interventions i
    JOIN clients c ON c.id = i.client_id
    JOIN equipements e ON e.id = i.equipement_id
    LEFT JOIN users t ON t.id = i.technician_id
    WHERE i.id = ${id}`);
  return rows[0]?.data ?? null;
}

/** A part and its available quantity (no price, no supplier). */
export async function partData(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const { rows } = await db.execute<{ data: Record<string, unknown> }>(sql`
    SELECT json_build_object(
      'id', p.id, 'reference', p.reference, 'designation', p.designation, 'famille', p.famille, 'unite', p.unite,
      'seuil_reappro', p.seuil_reappro, 'quantite_reappro', p.quantite_reappro,
      'disponible', (SELECT coalesce(sum(l.on_hand - l.reserved), 0) FROM stock_levels l WHERE l.part_id = p.id)
    ) AS data
    FROM parts p WHERE p.id = ${id}`);
  return rows[0]?.data ?? null;
}

/** An SLA clock of an intervention. */
export async function slaData(db: DbOrTx, interventionId: number, cible: string) {
  const { rows } = await db.execute<{ data: Record<string, unknown> }>(sql`
    SELECT json_build_object('cible', s.cible, 'objectif_minutes', s.objectif_minutes, 'demarre_le', s.demarre_le,
                             'echeance', s.echeance, 'etat', s.etat) AS data
    FROM intervention_sla s WHERE s.intervention_id = ${interventionId} AND s.cible = ${cible}`);
  return rows[0]?.data ?? null;
}

export async function planData(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const { rows } = await db.execute<{ data: Record<string, unknown> }>(sql`
    SELECT json_build_object('id', p.id, 'nom', p.nom, 'rrule', p.rrule, 'actif', p.actif) AS data
    FROM plans p WHERE p.id = ${id}`);
  return rows[0]?.data ?? null;
}
