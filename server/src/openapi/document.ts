import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAccess, type RouteAccess } from '../plugins/auth.ts';
import { OPERATION_IDS } from './operation-ids.ts';
import { WEBHOOKS_SECTION } from './webhooks-section.ts';

/**
 * The OpenAPI document as integrators generate clients from it (issue 35): every operation gets its stable operationId
 * (operation-ids.ts), a tag declared in the document's `tags`, a summary and a description that says who may call
 * it; paths without a trailing slash; the outgoing webhooks in the `webhooks` section (webhooks-section.ts), which
 * makes the document OpenAPI 3.1 (app.ts; nullable values are then `type: [..., 'null']`). Checked by
 * server/test/openapi-document.test.ts with Spectral's `spectral:oas` ruleset (0 errors, 0 warnings).
 */

/** The document's tags, in the order of the documentation. A route's tag must be one of these. */
export const API_TAGS: readonly { name: string; description: string }[] = [
  { name: 'system', description: 'Santé, disponibilité et métriques du serveur' },
  { name: 'auth', description: 'Connexion, session, profil et mot de passe' },
  { name: 'users', description: 'Utilisateurs et comptes' },
  { name: 'roles', description: 'Rôles et permissions' },
  { name: 'sections', description: "Sections (équipes) de l'entreprise" },
  { name: 'clients', description: 'Entreprises clientes' },
  { name: 'equipment', description: 'Équipements des clients et relevés de compteur' },
  {
    name: 'interventions',
    description: "Interventions : cycle de vie, dossier, pièces jointes, matériel, bon d'intervention",
  },
  { name: 'templates', description: "Modèles d'intervention" },
  { name: 'custom-fields', description: 'Champs personnalisés des interventions' },
  { name: 'analytics', description: 'Analyses des interventions' },
  { name: 'plans', description: 'Maintenance préventive : plans, échéances, conformité' },
  { name: 'dashboard', description: 'Tableau de bord' },
  { name: 'reports', description: "Rapports de période et bon d'intervention en PDF / CSV" },
  { name: 'stock', description: 'Pièces détachées, emplacements et mouvements de stock' },
  { name: 'contracts', description: 'Contrats de maintenance, garanties de temps et calendriers ouvrés' },
  { name: 'notifications', description: "Notifications de l'utilisateur et leur flux" },
  { name: 'search', description: 'Recherche globale' },
  { name: 'audit', description: "Journal d'audit" },
  { name: 'mail', description: 'Serveur de messagerie (SMTP)' },
  { name: 'requests', description: "Demandes d'intervention : formulaire public du QR code, boîte de réception" },
  {
    name: 'habilitations',
    description: "Habilitations électriques (NF C 18-510) : titres, aptitude médicale, contrôle à l'affectation",
  },
  {
    name: 'webhooks',
    description:
      'Webhooks sortants signés (Standard Webhooks) : adresses, événements, secret, journal des envois et renvoi',
  },
  {
    name: 'portal',
    description:
      'Portail client : ses équipements, interventions, contrat, bons signés, rapports et demandes (comptes du portail seulement), et la gestion de ces comptes',
  },
  { name: 'settings', description: "Profil de l'entreprise et réglages" },
  {
    name: 'sync',
    description:
      'Synchronisation incrémentale : les listes acceptent updated_since / cursor, /api/changes donne les suppressions',
  },
];

const ACCESS_TEXT: Record<'public' | 'authenticated' | 'account', string> = {
  public: 'Accès : public (sans authentification).',
  authenticated: 'Accès : tout utilisateur connecté (hors portail client).',
  account: 'Accès : tout compte connecté, utilisateurs du portail client compris.',
};

function accessText(access: RouteAccess | undefined): string {
  if (access === undefined) return 'Accès : refusé (aucun accès déclaré).';
  if (access === 'public' || access === 'authenticated' || access === 'account') return ACCESS_TEXT[access];
  return `Accès : ${describeAccess(access)}.`;
}

/** "/api/clients/" → "/api/clients": the server answers both, the document shows one. */
export const documentPath = (url: string) => (url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url);

/** "GET /api/users/{id}" for the route GET /api/users/:id (its key in OPERATION_IDS). */
export const operationKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${documentPath(url).replace(/:(\w+)/g, '{$1}')}`;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
interface RouteLike {
  method: string | string[];
  config?: { access?: RouteAccess };
}

/** @fastify/swagger's per-route transform: zod → JSON schema, then the operation's id, tag and texts. */
export function transformRoute(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const route = (input as unknown as { route: RouteLike }).route;
  const url = documentPath(out.url ?? input.url);
  const schema = { ...(out.schema as Record<string, unknown>) };
  if (schema.hide) return { schema, url };
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const operationId = OPERATION_IDS[operationKey(method, url)];
  if (operationId) schema.operationId = operationId;
  const summary = typeof schema.summary === 'string' ? schema.summary : '';
  const access = accessText(route.config?.access);
  schema.description = [typeof schema.description === 'string' ? schema.description : summary, access]
    .filter(Boolean)
    .join('\n\n');
  return { schema, url };
}

/**
 * (Kept for a 3.0 document.) OpenAPI 3.0 allows `nullable` only beside a `type`; the zod conversion writes `{anyOf: [...], nullable: true}` for a
 * nullable union. Each member of the union becomes nullable instead (same meaning, valid for every validator).
 */
function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = o[key];
    if (o.nullable === true && o.type === undefined && Array.isArray(members)) {
      for (const m of members)
        if (m && typeof m === 'object' && 'type' in m) (m as Record<string, unknown>).nullable = true;
      delete o.nullable;
    }
  }
  for (const value of Object.values(o)) fixNullableUnions(value);
}

/** @fastify/swagger's whole-document transform: tags, servers, nullable unions, the webhooks section. */
export function transformDocument(documentObject: { openapiObject: object } | { swaggerObject: object }) {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const openapiObject = documentObject.openapiObject as Record<string, unknown>;
  fixNullableUnions(openapiObject.paths);
  fixNullableUnions(openapiObject.components);
  return {
    ...openapiObject,
    tags: API_TAGS,
    servers: [{ url: '/', description: 'Ce serveur (APP_URL)' }],
    webhooks: WEBHOOKS_SECTION,
  };
}
