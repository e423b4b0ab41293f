import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceHabilitationNotices } from '../src/modules/habilitations/habilitation-expiry.service.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/** Issue 34: expiry notices 90 / 30 / 0 days before, once each across instances, with the webhook event. */
const t = useAdminTestApp();
const db = () => t.database.db;
const NOW = new Date('2027-06-01T10:00:00Z');
const TODAY = '2027-06-01';

async function title(userId: number, symbole: string, until: string, domaine = 'BT') {
  await db().execute(sql`INSERT INTO habilitations (user_id, symbole, domaine, delivree_le, valide_jusqu_au, signataire)
    VALUES (${userId}, ${symbole}, ${domaine}, LEAST('2024-06-01'::date, ${until}::date), ${until}::date, 'M. B')`);
}
const noticesOf = async (userId: number) =>
  (
    await db().execute<{ message: string }>(
      sql`SELECT message FROM notifications WHERE user_id = ${userId} AND event = 'habilitation_alert' ORDER BY id`,
    )
  ).rows.map((r) => r.message);

describe('habilitation expiry notices', () => {
  it('notifies the holder and the managers at 90, 30 and 0 days, once each, flagging later assignments', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'Karim Alaoui' });
    const manager = await createUser(db(), { role: 'Responsable' });
    await title(tech.id, 'B2V', addDays(TODAY, 60));
    await title(tech.id, 'BR', addDays(TODAY, 10));
    await title(tech.id, 'BC', TODAY);
    await title(tech.id, 'B0', addDays(TODAY, 200)); // too far
    // An older B1V renewed since: no notice for the old one.
    await title(tech.id, 'B1V', addDays(TODAY, 20));
    await title(tech.id, 'B1V', addDays(TODAY, 1000));
    await db().execute(
      sql`UPDATE users SET aptitude_medicale_jusqu_au = ${addDays(TODAY, 25)}::date WHERE id = ${tech.id}`,
    );
    const e = await createEquipment(db());
    await createIntervention(db(), {
      equipementId: e.id,
      clientId: e.proprietaireId,
      technicianId: tech.id,
      date: addDays(TODAY, 15),
    });

    // An integrator subscribed to habilitation.expiring (issue 35) hears of each notice once.
    await db().execute(sql`INSERT INTO webhook_endpoints (url, events, secret)
      VALUES ('https://rh.example.ma/hooks', ARRAY['habilitation.expiring']::text[], 'whsec_test')`);

    // Two instances at once: each notice once.
    const [a, b] = await Promise.all([advanceHabilitationNotices(db(), NOW), advanceHabilitationNotices(db(), NOW)]);
    expect(a + b).toBe(4);
    expect(await advanceHabilitationNotices(db(), NOW)).toBe(0);
    const { rows: events } = await db().execute<{ payload: { type: string; data: Record<string, unknown> } }>(
      sql`SELECT payload FROM webhook_deliveries WHERE event_type = 'habilitation.expiring' ORDER BY id`,
    );
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.payload.type === 'habilitation.expiring')).toBe(true);
    const messages = await noticesOf(tech.id);
    expect(messages, JSON.stringify(messages)).toHaveLength(4);
    expect(messages).toContain(M.expiryMessage(M.titleWhat('BC', 'BT'), 'Karim Alaoui', '01/06/2027', 0, 1));
    expect(messages).toContain(M.expiryMessage(M.titleWhat('BR', 'BT'), 'Karim Alaoui', '11/06/2027', 30, 1));
    expect(messages).toContain(M.expiryMessage(M.titleWhat('B2V', 'BT'), 'Karim Alaoui', '31/07/2027', 90, 0));
    expect(messages).toContain(M.expiryMessage(M.fitnessWhat, 'Karim Alaoui', '26/06/2027', 30, 0));
    expect(await noticesOf(manager.id)).toEqual(messages);

    // 30 days later the B2V reaches its 30-day notice (once), nothing else new.
    expect(await advanceHabilitationNotices(db(), new Date('2027-07-05T10:00:00Z'))).toBe(1);
    expect((await noticesOf(tech.id)).filter((m) => m.includes('B2V'))).toHaveLength(2);
  });
});

describe('the report « Habilitations à renouveler »', () => {
  it('lists the latest titres and fitness dates ending before the date, in CSV and PDF, and counts them for the card', async () => {
    const tech = await createUser(db(), { role: 'Technicien', nom: 'Salma Renouvellement' });
    await title(tech.id, 'H2V', '2020-01-10', 'HTA'); // expired long ago
    await title(tech.id, 'BR', '2020-02-01');
    await title(tech.id, 'BR', '2099-02-01'); // renewed: the old BR is not listed
    await db().execute(sql`UPDATE users SET aptitude_medicale_jusqu_au = '2020-03-01' WHERE id = ${tech.id}`);
    const csv = await t.asAdmin('GET', '/api/habilitations/a-renouveler.csv?avant=2021-01-01');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\n').filter((l) => l.includes('Salma Renouvellement'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('H2V;HTA;10/01/2020');
    expect(lines[1]).toContain('Aptitude médicale');
    const pdf = await t.asAdmin('GET', '/api/habilitations/a-renouveler.pdf?avant=2021-01-01');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const card = await t.asAdmin('GET', '/api/habilitations/a-renouveler');
    expect(card.statusCode).toBe(200);
    expect(card.json().data.expirees).toBeGreaterThanOrEqual(2);
    const bad = await t.asAdmin('GET', '/api/habilitations/a-renouveler.csv?avant=2021-02-30');
    expect(bad.statusCode).toBe(400);
  });
});
