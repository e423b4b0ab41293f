import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createPortalUser } from './helpers/factories.ts';
import { PNG } from './helpers/sample-files.ts';
import { memoryStorage, multipartBody, signaturePng } from './helpers/signature-files.ts';

/**
 * Issue 33, generated over the whole OpenAPI document (not a hand list): a client portal user of company A calls
 * every operation. Outside /api/portal/*, the public routes and the auth routes he is refused (401/403); the portal
 * operations answer, and no response of theirs names company B — B's rows carry ids from 700000 up and names
 * marked ZZBETA, and neither appears in any body. Each {id} of a portal path is tried with A's row (answered) and
 * B's (404).
 */
let t: TestApp;
let token: string;
type Param = { in: string; name: string; schema?: { enum?: string[]; anyOf?: { enum?: string[] }[] } };
type Op = { method: string; path: string; params: Param[] };
let operations: Op[];
const A: Record<string, number> = {};
const B: Record<string, number> = {};
const B_MIN_ID = 700_000;
const storage = memoryStorage();

async function seedCompany(ids: Record<string, number>, name: string) {
  const db = t.database.db;
  const client = await createClient(db, { nomEntreprise: name });
  const eq = await createEquipment(db, { proprietaireId: client.id, nom: `Groupe ${name}` });
  const i = await createIntervention(db, {
    equipementId: eq.id,
    description: `Intervention ${name}`,
    note: `NOTE-INTERNE ${name}`,
  });
  const admin = await t.adminToken();
  const signed = await t.as(admin, {
    method: 'POST',
    url: `/api/interventions/${i.id}/signatures`,
    ...multipartBody({ role: 'CLIENT', nom: `Signataire ${name}`, signe_le: new Date().toISOString() }, [
      { field: 'image', filename: 's.png', type: 'image/png', content: signaturePng() },
    ]),
  });
  expect(signed.statusCode).toBe(201);
  const link = await t.as(admin, { method: 'GET', url: `/api/equipment/${eq.id}/request-link` });
  const filed = await t.app.inject({
    method: 'POST',
    url: `/api/public/requests/${link.json().data.token}`,
    ...multipartBody({ description: `Panne ${name}`, nom: `Demandeur ${name}`, telephone: '0661234567' }, [
      { field: 'photos', filename: 'p.png', type: 'image/png', content: PNG },
    ]),
  });
  expect(filed.statusCode).toBe(201);
  Object.assign(ids, { client: client.id, equipment: eq.id, intervention: i.id });
}

beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  await seedCompany(A, 'Alpha Portail');
  // B's rows get ids no A row can have, so that any of them in a body is a leak
  for (const seq of ['clients_id_seq', 'equipements_id_seq', 'interventions_id_seq', 'intervention_requests_id_seq']) {
    await t.database.db.execute(sql`SELECT setval(${seq}, ${B_MIN_ID})`);
  }
  await seedCompany(B, 'ZZBETA Cimenterie');
  const u = await createPortalUser(t.database.db, { clientId: A.client, droit: 'DEMANDEUR' });
  token = (await t.login(u.username, u.password)).token;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Param[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, params: op.parameters ?? [] })),
  );
});
afterAll(() => t.close());

const isPortal = (p: string) => p.startsWith('/api/portal/');
const isOpen = (p: string) =>
  p.startsWith('/api/public/') || p.startsWith('/api/auth/') || p === '/api/health' || p === '/api/ready';

function call(
  method: string,
  url: string,
  payload?: InjectOptions['payload'],
): Promise<{ statusCode: number; body: string }> {
  const withBody = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
  return t.as(token, {
    method: method as InjectOptions['method'],
    url,
    ...(withBody ? { payload: payload ?? {} } : {}),
  });
}

/** Ids of B's rows (≥ B_MIN_ID) or B's name anywhere in a response. */
/** Keys no outsider shape carries (STYLE rule 21): notes, comments, costs, prices, phones, reviewers, audit. */
const INTERNAL_KEYS =
  /^(note|notes|comment|comments|cout|couts|costs|prix|prix_unitaire|montant|montant_annuel_ht|valeur|telephone|tel|phone|email|technician|technicien|technician_id|review|decided_by|creer_par|audit|portal_user_id)$/i;
function internalKeys(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return []; // a PDF
  }
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (INTERNAL_KEYS.test(k)) found.add(k);
        walk(x);
      }
    }
  };
  walk(parsed);
  if (body.includes('NOTE-INTERNE')) found.add('the internal note');
  return [...found];
}

/** Rows A makes during the test (his own requests) come after B's, so their ids are let through by name. */
const madeByA = new Set<number>();
function leaks(body: string): string[] {
  const found: string[] = [];
  if (body.includes('ZZBETA')) found.push('name ZZBETA');
  for (const m of body.matchAll(/"[a-z_]*id"\s*:\s*(\d+)/gi)) {
    if (Number(m[1]) >= B_MIN_ID && !madeByA.has(Number(m[1]))) found.push(m[0]);
  }
  return found;
}

describe('a client portal user over every operation of the OpenAPI document', () => {
  it('is refused everywhere but the portal, the public and the auth routes', async () => {
    expect(operations.length).toBeGreaterThan(200);
    const admitted: string[] = [];
    for (const op of operations.filter((o) => !isPortal(o.path) && !isOpen(o.path))) {
      const url = op.path.replace(/\{[A-Za-z]+\}/g, String(A.intervention));
      const res = await call(op.method, url);
      if (res.statusCode !== 401 && res.statusCode !== 403)
        admitted.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(admitted).toEqual([]);
  });

  it("answers the portal operations with his company's rows only; another company's id is a 404", async () => {
    const portalOps = operations.filter((o) => isPortal(o.path));
    expect(portalOps.length).toBeGreaterThanOrEqual(11);
    const problems: string[] = [];
    const idFor = (path: string, ids: Record<string, number>) =>
      path.startsWith('/api/portal/equipment') ? ids.equipment : ids.intervention;
    for (const op of portalOps) {
      const payload = (equipment: number) =>
        multipartBody({
          equipement_id: String(equipment),
          description: 'Bruit anormal',
          nom: 'Client A',
          telephone: '0522334455',
        });
      if (op.method === 'POST') {
        const mine = await t.as(token, { method: 'POST', url: op.path, ...payload(A.equipment) });
        const theirs = await t.as(token, { method: 'POST', url: op.path, ...payload(B.equipment) });
        if (mine.statusCode !== 201) problems.push(`${op.method} ${op.path} (A) → ${mine.statusCode}`);
        else madeByA.add(mine.json().data.id);
        if (theirs.statusCode !== 404) problems.push(`${op.method} ${op.path} (B) → ${theirs.statusCode}`);
        problems.push(...leaks(mine.body + theirs.body).map((l) => `${op.path}: ${l}`));
        continue;
      }
      const hasId = op.path.includes('{id}');
      const mine = await call(op.method, op.path.replace('{id}', String(idFor(op.path, A))));
      if (mine.statusCode !== 200) problems.push(`${op.method} ${op.path} (A) → ${mine.statusCode}`);
      const text = mine.body;
      problems.push(...leaks(text).map((l) => `${op.method} ${op.path}: ${l}`));
      problems.push(...internalKeys(text).map((k) => `${op.method} ${op.path}: internal field ${k}`));
      if (hasId) {
        const theirs = await call(op.method, op.path.replace('{id}', String(idFor(op.path, B))));
        if (theirs.statusCode !== 404) problems.push(`${op.method} ${op.path} (B) → ${theirs.statusCode}`);
        problems.push(...leaks(theirs.body).map((l) => `${op.method} ${op.path} (B): ${l}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every documented value of each enum query parameter of the portal (filters), with his rows only', async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const op of operations.filter((o) => isPortal(o.path) && o.method === 'GET' && !o.path.includes('{'))) {
      for (const p of op.params.filter((x) => x.in === 'query')) {
        const values = p.schema?.enum ?? p.schema?.anyOf?.flatMap((a) => a.enum ?? []) ?? [];
        for (const value of values) {
          tried++;
          const res = await call('GET', `${op.path}?${p.name}=${encodeURIComponent(value)}`);
          if (res.statusCode !== 200) problems.push(`${op.path}?${p.name}=${value} → ${res.statusCode}`);
          problems.push(...leaks(res.body).map((l) => `${op.path}?${p.name}=${value}: ${l}`));
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(5); // the portal's public statuses at least
    expect(problems).toEqual([]);
  });

  it('lists what is his: A rows are present (the check above is not vacuous)', async () => {
    const eq = await call('GET', '/api/portal/equipment');
    expect(eq.body).toContain('Alpha Portail');
    const req = await call('GET', '/api/portal/requests');
    expect(req.body).toContain('Panne Alpha Portail');
    // and the checks catch what they look for
    expect(leaks('{"data":[{"id":700001}]}')).toEqual(['"id":700001']);
    expect(internalKeys('{"data":[{"x":{"telephone":"06"}}]}')).toEqual(['telephone']);
    expect(internalKeys('"NOTE-INTERNE Alpha"')).toEqual(['the internal note']);
  });
});
