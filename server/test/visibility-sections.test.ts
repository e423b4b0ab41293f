import { VISIBILITY_MESSAGES } from '@gmao/domain/auth/visibility';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyRequestFiled } from '../src/modules/notifications/alert-notifications.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/**
 * One visibility mechanism (issue 33), for a role "limité à ses sections": a responsable of the Tanger section sees
 * Tanger's clients, their equipment and interventions, and nothing of Casablanca's — in lists, counts, exports,
 * details and every sub-route, and he can neither write to another section's objects nor create out of his sight.
 * The last test sweeps the whole route table: every route is refused to him, or answers without a trace of the other
 * section's client.
 */
let t: TestApp;
let limited: string;
let admin: string;
let tanger: number;
let casa: number;
const mine = { client: 0, equipment: 0, intervention: 0, contract: 0 };
const other = { client: 0, equipment: 0, intervention: 0, contract: 0 };
const OTHER_MARKER = 'Zeta Énergie Casablanca';
const OTHER_EQUIPMENT = 'Onduleur Zeta 80 kVA';
const OTHER_WORK = 'Remplacement batteries Zeta';

async function section(nom: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`INSERT INTO sections (nom) VALUES (${nom}) RETURNING id`,
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tanger = await section('Tanger');
  casa = await section('Casablanca');
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO roles (nom, limite_sections) VALUES ('Responsable Tanger', true) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${rows[0].id}, rp.permission_id FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
    WHERE r.nom = 'Responsable'`);
  const u = await createUser(db, { role: 'Responsable Tanger', sectionId: tanger });
  limited = (await t.login(u.username, u.password)).token;
  admin = (await t.login()).token;

  const a = await createClient(db, { nomEntreprise: 'Renault Tanger Med', ville: 'Tanger', sectionId: tanger });
  const ae = await createEquipment(db, { proprietaireId: a.id, nom: 'Tableau TGBT atelier' });
  const ai = await createIntervention(db, { equipementId: ae.id, description: 'Contrôle thermographique TGBT' });
  Object.assign(mine, { client: a.id, equipment: ae.id, intervention: ai.id });
  const b = await createClient(db, { nomEntreprise: OTHER_MARKER, sectionId: casa });
  const be = await createEquipment(db, { proprietaireId: b.id, nom: OTHER_EQUIPMENT });
  const bi = await createIntervention(db, { equipementId: be.id, description: OTHER_WORK });
  Object.assign(other, { client: b.id, equipment: be.id, intervention: bi.id });
  // a maintenance contract for each client
  const { rows: cal } = await db.execute<{ id: number }>(sql`SELECT id FROM business_calendars ORDER BY id LIMIT 1`);
  for (const [ids, client, equipment] of [
    [mine, a.id, ae.id],
    [other, b.id, be.id],
  ] as const) {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/contracts',
      payload: {
        client_id: client,
        numero: `CT-VIS-${client}`,
        type: 'COMPLET',
        date_debut: '2026-01-01',
        date_fin: '2027-12-31',
        reconduction_tacite: true,
        equipement_ids: [equipment],
        calendrier_id: cal[0].id,
        montant_annuel_ht: '90000.00',
        garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 240 }],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.contract = res.json().data.id;
  }
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.as(token, { method: 'GET', url });
const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

describe('a section-limited responsable', () => {
  it('lists only his section’s clients, equipment and interventions, and counts them alone', async () => {
    expect(ids((await get(limited, '/api/clients?limit=100')).json())).toEqual([mine.client]);
    expect(ids((await get(limited, '/api/equipment?limit=100')).json())).toEqual([mine.equipment]);
    expect(ids((await get(limited, '/api/interventions?limit=100')).json())).toEqual([mine.intervention]);
    expect((await get(limited, '/api/interventions/status-counts')).json().data.total).toBe(1);
    expect(ids((await get(limited, '/api/contracts?limit=100')).json())).toEqual([mine.contract]);
    const found = (await get(limited, '/api/search?q=Zeta')).json().data;
    expect(found).toEqual({ equipment: [], clients: [], interventions: [] });
    expect((await get(admin, '/api/search?q=Zeta')).json().data.clients).toHaveLength(1);
    // the administrator sees both sections
    const all = ids((await get(admin, '/api/clients?limit=100')).json());
    expect(all).toEqual(expect.arrayContaining([mine.client, other.client]));
    expect((await get(admin, '/api/interventions/status-counts')).json().data.total).toBe(2);
    // searching the other client's name finds nothing, and the list cache keeps the two views apart
    expect((await get(limited, `/api/clients?search=${encodeURIComponent('Zeta')}`)).json().data).toEqual([]);
    expect(ids((await get(admin, '/api/interventions?limit=100')).json())).toHaveLength(2);
    expect(ids((await get(limited, '/api/interventions?limit=100')).json())).toEqual([mine.intervention]);
  });

  it('exports only his section’s interventions', async () => {
    const csv = await get(limited, '/api/interventions/export/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Renault Tanger Med');
    expect(csv.body).not.toContain(OTHER_MARKER);
  });

  it('finds another section’s client, equipment and intervention "introuvables", sub-routes included', async () => {
    for (const url of [
      `/api/clients/${other.client}`,
      `/api/equipment/${other.equipment}`,
      `/api/equipment/${other.equipment}/readings`,
      `/api/interventions/${other.intervention}`,
      `/api/interventions/${other.intervention}/comments`,
      `/api/interventions/${other.intervention}/workflow/history`,
      `/api/contracts/${other.contract}`,
      `/api/contracts/${other.contract}/documents`,
    ]) {
      expect((await get(limited, url)).statusCode, url).toBe(404);
    }
    expect((await get(limited, `/api/interventions/${mine.intervention}`)).statusCode).toBe(200);
    expect((await get(limited, `/api/clients/${mine.client}`)).json().data.section).toBe('Tanger');
  });

  it('cannot write to another section’s objects, and nothing changes', async () => {
    const put = await t.as(limited, {
      method: 'PUT',
      url: `/api/interventions/${other.intervention}`,
      payload: { description: 'Pris par Tanger' },
    });
    expect(put.statusCode, put.body).toBe(404);
    const comment = await t.as(limited, {
      method: 'POST',
      url: `/api/interventions/${other.intervention}/comments`,
      payload: { comment: 'Vu' },
    });
    expect(comment.statusCode).toBe(404);
    const del = await t.as(limited, { method: 'DELETE', url: `/api/clients/${other.client}` });
    expect(del.statusCode).toBe(404);
    const after = (await get(admin, `/api/interventions/${other.intervention}`)).json().data;
    expect(after.description).toBe(OTHER_WORK);
    expect((await get(admin, `/api/clients/${other.client}`)).statusCode).toBe(200);
  });

  it('creates nothing out of his sight: no intervention on another section’s equipment, clients in his section', async () => {
    const refused = await t.as(limited, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: other.equipment, date: '2026-12-01', description: 'Essai' },
    });
    expect(refused.statusCode).toBe(422);
    const created = await t.as(limited, {
      method: 'POST',
      url: '/api/clients',
      payload: { nom_entreprise: 'Yazaki Tanger', section_id: casa },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.sectionId).toBe(tanger);
    const moved = await t.as(limited, {
      method: 'PUT',
      url: `/api/clients/${created.json().data.id}`,
      payload: { nom_entreprise: 'Yazaki Tanger', section_id: casa },
    });
    expect(moved.json().data.sectionId).toBe(tanger);
    // an administrator places a client in any section; an unknown one is refused
    const placed = await t.as(admin, {
      method: 'POST',
      url: '/api/clients',
      payload: { nom_entreprise: 'Lesieur Cristal', section_id: casa },
    });
    expect(placed.json().data.sectionId).toBe(casa);
    const unknown = await t.as(admin, {
      method: 'POST',
      url: '/api/clients',
      payload: { nom_entreprise: 'Inconnue', section_id: 987654 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is not told of another section’s intervention', async () => {
    // a technician of the Tanger section (whole company view) reports two urgent jobs: one in Tanger, one in Casa
    const tech = await createUser(t.database.db, { role: 'Technicien', sectionId: tanger });
    const techToken = (await t.login(tech.username, tech.password)).token;
    const report = async (equipement_id: number, description: string) => {
      const res = await t.as(techToken, {
        method: 'POST',
        url: '/api/interventions',
        payload: { equipement_id, date: '2026-12-02', description, urgence: true },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await report(mine.equipment, 'Déclenchement disjoncteur TGBT');
    await report(other.equipment, `${OTHER_WORK} urgent`);
    const inbox = (await get(limited, '/api/notifications?limit=50')).json().data as { intervention_id: number }[];
    const text = JSON.stringify(inbox);
    expect(text, text).toContain('Tableau TGBT atelier');
    expect(text).not.toContain(OTHER_EQUIPMENT);
  });

  it('has a dashboard of his section: figures, alerts and recent work', async () => {
    const stats = (await get(limited, '/api/dashboard/stats')).json().data;
    const all = (await get(admin, '/api/dashboard/stats')).json().data;
    expect(stats.overview.totalClients).toBeLessThan(all.overview.totalClients);
    expect(stats.overview.totalEquipment).toBeLessThan(all.overview.totalEquipment);
    expect(stats.overview.totalInterventions).toBeLessThan(all.overview.totalInterventions);
    const mineCount = (await get(limited, '/api/interventions/status-counts')).json().data;
    expect(stats.overview.totalInterventions).toBe(mineCount.total);
    expect(stats.alerts.urgentInterventions).toBe(mineCount.urgent);
    const alerts = (await get(limited, '/api/dashboard/alerts')).json();
    expect(JSON.stringify(alerts)).not.toContain(OTHER_EQUIPMENT);
    const recent = (await get(limited, '/api/dashboard/recent-interventions?limit=50')).json().data;
    expect(recent.length).toBeGreaterThan(0);
    expect(JSON.stringify(recent)).not.toContain(OTHER_MARKER);
  });

  it('reports on a client of his section only, and downloads the bons of his interventions only', async () => {
    const period = 'dateFrom=2026-01-01&dateTo=2026-12-31';
    const whole = await get(limited, `/api/reports/summary?${period}`);
    expect(whole.statusCode).toBe(403);
    expect(whole.json().message).toBe(VISIBILITY_MESSAGES.clientRequired);
    expect((await get(limited, `/api/reports/summary?${period}&clientId=${other.client}`)).statusCode).toBe(404);
    expect((await get(limited, `/api/reports/export.csv?${period}&clientId=${other.client}`)).statusCode).toBe(404);
    expect((await get(limited, `/api/reports/sla?${period}&client_id=${other.client}`)).statusCode).toBe(404);
    const own = await get(limited, `/api/reports/summary?${period}&clientId=${mine.client}`);
    expect(own.statusCode).toBe(200);
    const options = (await get(limited, '/api/reports/options')).json().data;
    expect(options.clients.map((c: { id: number }) => c.id)).not.toContain(other.client);
    expect(JSON.stringify(options.equipment)).not.toContain(OTHER_EQUIPMENT);
    expect((await get(limited, `/api/reports/interventions/${other.intervention}/pdf`)).statusCode).toBe(404);
    expect((await get(limited, `/api/reports/interventions/${mine.intervention}/pdf`)).statusCode).toBe(200);
    expect((await get(admin, `/api/reports/summary?${period}`)).statusCode).toBe(200);
  });

  it('sees his section’s requests only, and is told of those alone', async () => {
    const db = t.database.db;
    const file = async (equipementId: number, nom: string) => {
      const { rows } = await db.execute<{ id: number }>(sql`
        INSERT INTO intervention_requests (equipement_id, description, nom, telephone, source)
        VALUES (${equipementId}, 'Alarme température', ${nom}, '+212612345678', 'QR') RETURNING id`);
      return rows[0].id;
    };
    const minePending = await file(mine.equipment, 'Opérateur Tanger');
    const otherPending = await file(other.equipment, 'Opérateur Casablanca');
    const list = (await get(limited, '/api/requests?limit=100')).json().data.map((r: { id: number }) => r.id);
    expect(list).toContain(minePending);
    expect(list).not.toContain(otherPending);
    expect((await get(limited, `/api/requests/${otherPending}`)).statusCode).toBe(404);
    expect(
      (await t.as(limited, { method: 'POST', url: `/api/requests/${otherPending}/accept`, payload: {} })).statusCode,
    ).toBe(404);
    expect((await get(limited, `/api/equipment/${other.equipment}/request-link`)).statusCode).toBe(404);
    expect((await get(admin, '/api/requests?limit=100')).json().data.length).toBeGreaterThanOrEqual(2);
    // a request filed on each side: he hears of his section's only
    await notifyRequestFiled(db, {
      equipement: 'Tableau TGBT atelier',
      nom: 'Opérateur Tanger',
      equipementId: mine.equipment,
    });
    await notifyRequestFiled(db, {
      equipement: OTHER_EQUIPMENT,
      nom: 'Opérateur Casablanca',
      equipementId: other.equipment,
    });
    const inbox = JSON.stringify((await get(limited, '/api/notifications?limit=50')).json().data);
    expect(inbox).toContain('Opérateur Tanger');
    expect(inbox).not.toContain('Opérateur Casablanca');
  });

  it('sees and plans the preventive maintenance of his section only', async () => {
    const templates = (await get(admin, '/api/interventions/templates')).json().data as { id: number; nom: string }[];
    const template = templates[0]!.id;
    const plan = async (token: string, equipement_id: number, nom: string) =>
      t.as(token, {
        method: 'POST',
        url: '/api/plans',
        payload: { nom, template_id: template, equipement_id, rrule: 'FREQ=MONTHLY', date_debut: '2027-01-04' },
      });
    const minePlan = (await plan(admin, mine.equipment, 'Visite TGBT Tanger')).json().data.id;
    const otherPlan = (await plan(admin, other.equipment, 'Visite onduleur Zeta')).json().data.id;
    const list = (await get(limited, '/api/plans')).json().data.map((p: { id: number }) => p.id);
    expect(list).toContain(minePlan);
    expect(list).not.toContain(otherPlan);
    expect((await get(limited, `/api/plans/${otherPlan}`)).statusCode).toBe(404);
    expect((await get(limited, `/api/plans/${otherPlan}/occurrences?from=2027-01-01&to=2027-03-01`)).statusCode).toBe(
      404,
    );
    expect((await get(limited, `/api/plans/${minePlan}`)).statusCode).toBe(200);
    // he cannot plan another section's equipment, nor move his plan onto it
    expect((await plan(limited, other.equipment, 'Intrus')).statusCode).toBe(404);
    const moved = await t.as(limited, {
      method: 'PUT',
      url: `/api/plans/${minePlan}`,
      payload: {
        nom: 'Visite',
        template_id: template,
        equipement_id: other.equipment,
        rrule: 'FREQ=MONTHLY',
        date_debut: '2027-01-04',
      },
    });
    expect(moved.statusCode).toBe(404);
    expect((await plan(limited, mine.equipment, 'Thermographie TGBT')).statusCode).toBe(201);
  });

  it('sees and moves the stock of his section’s locations only', async () => {
    const location = async (nom: string, section_id: number) =>
      (
        await t.as(admin, {
          method: 'POST',
          url: '/api/stock/locations',
          payload: { nom, type: 'MAGASIN', section_id },
        })
      ).json().data.id as number;
    const tangerStore = await location('Magasin Tanger', tanger);
    const casaStore = await location('Magasin Zeta Casablanca', casa);
    const part = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/parts',
        payload: { reference: 'FUS-NH00-63', designation: 'Fusible NH00 63 A', unite: 'u', prix_unitaire: '45.00' },
      })
    ).json().data.id as number;
    const receive = (token: string, location_id: number) =>
      t.as(token, {
        method: 'POST',
        url: '/api/stock/movements',
        payload: { part_id: part, location_id, type: 'RECEPTION', quantite: 10 },
      });
    expect((await receive(admin, tangerStore)).statusCode).toBe(201);
    expect((await receive(admin, casaStore)).statusCode).toBe(201);
    const locations = (await get(limited, '/api/stock/locations')).json().data.map((l: { id: number }) => l.id);
    expect(locations).toContain(tangerStore);
    expect(locations).not.toContain(casaStore);
    const moves = (await get(limited, '/api/stock/movements?limit=100')).json().data;
    expect(moves.every((m: { location_id: number }) => m.location_id !== casaStore)).toBe(true);
    expect(moves.some((m: { location_id: number }) => m.location_id === tangerStore)).toBe(true);
    const detail = (await get(limited, `/api/parts/${part}`)).json().data;
    expect(detail.stock.locations.map((l: { location_id: number }) => l.location_id)).toEqual([tangerStore]);
    // his role holds stock:manage: he moves stock in his section's locations only
    expect((await receive(limited, casaStore)).statusCode).toBe(404);
    expect((await receive(limited, tangerStore)).statusCode).toBe(201);
  });

  it('is refused, with a reason, where a route covers the whole company', async () => {
    const res = await get(limited, '/api/dashboard/charts');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.outOfScope);
    expect((await get(admin, '/api/dashboard/charts')).statusCode).toBe(200);
  });
});

describe('the whole route table, for a section-limited responsable', () => {
  const idFor = (url: string) => {
    if (url.startsWith('/api/clients/:id')) return other.client;
    if (url.startsWith('/api/equipment/:id')) return other.equipment;
    if (url.startsWith('/api/plans/:id')) return 987654;
    if (url.startsWith('/api/contracts/:id')) return other.contract;
    if (url.startsWith('/api/reports/interventions/:id')) return other.intervention;
    if (url.startsWith('/api/equipment/:id')) return other.equipment;
    return other.intervention;
  };
  const concrete = (url: string) =>
    url.replace(/:id\b/, String(idFor(url))).replace(/:[A-Za-z]+/g, String(other.intervention));

  it('either refuses each route or answers without a trace of the other section', async () => {
    const routes = t.app.routeAccess.filter(
      (r) => r.url.startsWith('/api') && r.access !== undefined && r.access !== 'public' && r.method !== 'HEAD',
    );
    let answered = 0;
    for (const route of routes) {
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const options: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: concrete(route.url),
        ...(withBody ? { payload: {} } : {}),
      };
      // streams of events never end: their scope is the notifications' own
      if (route.url.endsWith('/stream')) continue;
      const res = await t.as(limited, options);
      const label = `${route.method} ${route.url}`;
      if (route.scope === undefined) {
        expect(res.statusCode, label).toBe(403);
        continue;
      }
      answered++;
      expect(res.statusCode, label).toBeLessThan(500);
      for (const marker of [OTHER_MARKER, OTHER_EQUIPMENT, OTHER_WORK]) expect(res.body, label).not.toContain(marker);
      // a write to the other section's client, equipment or intervention never succeeds
      if (/^\/api\/(clients|equipment|interventions)\/:id/.test(route.url) && route.method !== 'GET') {
        expect(res.statusCode, label).not.toBeLessThan(300);
      }
    }
    expect(answered).toBeGreaterThan(40);
    // nothing of the other section was changed by the sweep
    expect((await get(admin, `/api/interventions/${other.intervention}`)).json().data.description).toBe(OTHER_WORK);
  });
});

describe('the section dashboard’s figures, counted over the rows', () => {
  it('equal the whole company’s roll-up figures when his section holds every client', async () => {
    await t.database.db.execute(sql`UPDATE clients SET section_id = ${tanger}`);
    for (const url of ['/api/dashboard/stats?timeframe=30', '/api/dashboard/alerts']) {
      const scoped = (await get(limited, url)).json().data;
      const company = (await get(admin, url)).json().data;
      expect(scoped, url).toEqual(company);
    }
  });
});
