import { REPORT_MESSAGES } from '@gmao/domain/reports/report-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { buildDataset, daysAgo } from './helpers/dashboard-factories.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

let t: TestApp;
let empty: TestApp;
let data: Awaited<ReturnType<typeof buildDataset>>;
let admin: string;

beforeAll(async () => {
  [t, empty] = await Promise.all([createTestApp(), createTestApp()]);
  data = await buildDataset(t.database.db);
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await empty.close();
});

const last30 = () => `dateFrom=${daysAgo(29)}&dateTo=${daysAgo(0)}`;
const summary = async (query: string, app = t) => {
  const res = await app.as(await app.adminToken(), { method: 'GET', url: `/api/reports/summary?${query}` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

describe('GET /api/reports/summary', () => {
  it('sums counts, durations and costs of the period (hidden records excluded)', async () => {
    expect(await summary(last30())).toEqual({
      filter: { dateFrom: daysAgo(29), dateTo: daysAgo(0), client: null, equipement: null, technician: null },
      counts: {
        total: 4,
        completed: 2,
        open: 1,
        urgent: 1,
        overdue: 0,
        byStatus: { ANNULEE: 1, EN_COURS: 1, TERMINEE: 2 },
      },
      completionRate: 50,
      durations: { meanTimeToStartHours: 3, mttrHours: 7, totalRepairHours: 14 },
      costs: { total: '1900.00', average: '475.00', equipmentValue: '170000.00' },
      equipmentCount: 3,
      clientCount: 2,
    });
  });

  it('gives the same durations over a long period (hash-joined history)', async () => {
    const year = await summary(`dateFrom=${daysAgo(364)}&dateTo=${daysAgo(0)}`);
    expect(year.counts).toMatchObject({ total: 8, completed: 3, overdue: 2 });
    expect(year.durations).toEqual({ meanTimeToStartHours: 3, mttrHours: 7, totalRepairHours: 14 });
  });

  it('narrows by client, technician and equipment', async () => {
    const a = await summary(`${last30()}&clientId=${data.clients.a.id}`);
    expect(a.filter.client).toEqual({ id: data.clients.a.id, nom: 'Atlas Énergie SA' });
    expect(a.counts.total).toBe(2);
    expect(a.costs).toEqual({ total: '1500.00', average: '750.00', equipmentValue: '150000.00' });
    const t1 = await summary(`dateFrom=${daysAgo(364)}&dateTo=${daysAgo(0)}&technicianId=${data.technicians.t1.id}`);
    expect(t1.counts).toMatchObject({ total: 3, completed: 3 });
    const all = await summary(`dateFrom=${daysAgo(400)}&dateTo=${daysAgo(-10)}&equipementId=${data.equipment.a1.id}`);
    expect(all.counts).toMatchObject({ total: 4, overdue: 1 }); // #1, #4, #5, #8 (#9 deleted, #10 archived)
  });

  it('counts the equipment of a busy period the same way (probed one by one past 90 interventions each)', async () => {
    // Its own database: one client, two transformers, 200 interventions on one of them in the last 30 days.
    const busy = await createTestApp();
    try {
      const client = await createClient(busy.database.db, { nomEntreprise: 'Sucrerie du Gharb', ville: 'Kénitra' });
      const [used, idle] = await Promise.all(
        [120_000, 80_000].map((valeur, n) =>
          createEquipment(busy.database.db, {
            nom: `Transformateur T${n}`,
            proprietaireId: client.id,
            valeur: String(valeur),
          }),
        ),
      );
      await busy.database.db.execute(sql`
        INSERT INTO interventions (equipement_id, client_id, date, statut)
        SELECT ${used.id}, ${client.id}, current_date - (g % 30), 'PLANIFIEE' FROM generate_series(1, 200) g`);
      const s = await summary(last30(), busy);
      expect(s.counts.total).toBe(200);
      expect(s).toMatchObject({ equipmentCount: 1, clientCount: 1, costs: { equipmentValue: '120000.00' } });
      expect(idle.id).not.toBe(used.id);
    } finally {
      await busy.close();
    }
  });

  it('answers zeros on an empty database', async () => {
    const s = await summary(last30(), empty);
    expect(s.counts.total).toBe(0);
    expect(s.completionRate).toBe(0);
    expect(s.costs).toEqual({ total: '0.00', average: '0.00', equipmentValue: '0.00' });
    expect(s.durations).toEqual({ meanTimeToStartHours: null, mttrHours: null, totalRepairHours: 0 });
  });

  it('validates the period with French messages', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/summary?dateFrom=${daysAgo(0)}&dateTo=${daysAgo(5)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { msg: string }) => d.msg)).toContain(REPORT_MESSAGES.dateOrder);
    const missing = await t.as(admin, { method: 'GET', url: '/api/reports/summary' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/reports/options', () => {
  it('lists clients, equipment (of one client when asked) and technicians', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/reports/options' });
    const o = res.json().data;
    expect(o.clients.map((c: { nom: string }) => c.nom)).toEqual(['Atlas Énergie SA', 'Berkane Froid SARL']);
    expect(o.equipment).toHaveLength(3);
    expect(o.technicians.map((x: { nom: string }) => x.nom)).toEqual(
      expect.arrayContaining(['Technicien Un', 'Technicien Deux']),
    );
    const forB = await t.as(admin, { method: 'GET', url: `/api/reports/options?clientId=${data.clients.b.id}` });
    expect(forB.json().data.equipment).toEqual([
      { id: data.equipment.b1.id, nom: 'Transformateur B1', clientId: data.clients.b.id },
    ]);
  });
});

describe('exports', () => {
  it('CSV: BOM, French headers, one line per intervention of the period', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/export.csv?${last30()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=rapport-interventions_${daysAgo(29)}_${daysAgo(0)}.csv`,
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      "N°;Date;Client;Équipement;Type d'équipement;Statut;Urgence;Technicien;Description;Début;Fin;Durée (h);Attente pièces (h);Coût (MAD)",
    );
    expect(lines).toHaveLength(5);
    const first = lines.find((l) => l.startsWith(`${data.i.i1.id};`));
    expect(first).toContain('Atlas Énergie SA;Transformateur A1;Transformateur;Terminée;Non;Technicien Un');
    expect(first).toMatch(/;4,0;;1000,00$/); // never waited for parts: no waiting hours
  });

  it('PDF of the period', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/export.pdf?${last30()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('PDF of one intervention; hidden or unknown ones are 404', async () => {
    const ok = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${data.i.i2.id}/pdf` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toBe(`attachment; filename=rapport-intervention-${data.i.i2.id}.pdf`);
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const id of [data.i.i9.id, 999999]) {
      const res = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${id}/pdf` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REPORT_MESSAGES.interventionNotFound);
    }
  });
});

describe('access', () => {
  it('needs reports:read (the one-intervention PDF also accepts interventions:read)', async () => {
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const consult = await createUser(t.database.db, { role: 'Consultation' });
    const nobody = await createUser(t.database.db, { role: null });
    const techToken = (await t.login(tech.username, tech.password)).token;
    const consultToken = (await t.login(consult.username, consult.password)).token;
    const nobodyToken = (await t.login(nobody.username, nobody.password)).token;
    for (const path of ['summary', 'export.csv', 'export.pdf']) {
      const url = `/api/reports/${path}?${last30()}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.as(techToken, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(consultToken, { method: 'GET', url })).statusCode).toBe(200);
    }
    const pdf = `/api/reports/interventions/${data.i.i1.id}/pdf`;
    expect((await t.as(techToken, { method: 'GET', url: pdf })).statusCode).toBe(200);
    expect((await t.as(nobodyToken, { method: 'GET', url: pdf })).statusCode).toBe(403);
  });
});
