import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_PAYLOAD_BYTES,
  type WebhookEvent,
} from '@gmao/domain/webhooks/webhook-schemas';

/**
 * The document's `webhooks` section (issue 35): one entry per event an endpoint may receive, with the Standard
 * Webhooks headers and the `{ type, timestamp, data }` body, so that a generated client knows what it will be sent.
 */
const camel = (event: string) =>
  event
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  header('webhook-id', "Identifiant de l'événement, le même à chaque nouvelle tentative et au renvoi", 'msg_9f8a…'),
  header('webhook-timestamp', 'Instant de la tentative, en secondes depuis 1970 (UTC)', '1732845600'),
  header(
    'webhook-signature',
    'v1,<base64 du HMAC-SHA256 de "id.timestamp.corps" avec la clé du secret whsec_> ; deux signatures séparées par une espace pendant les 24 h qui suivent un renouvellement du secret',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

function entry(event: WebhookEvent) {
  return {
    post: {
      operationId: `webhook${camel(event)}`,
      tags: ['webhooks'],
      summary: WEBHOOK_EVENT_LABELS[event],
      description: `Événement \`${event}\` envoyé en POST à chaque webhook qui l'a choisi. Au-delà de ${WEBHOOK_MAX_PAYLOAD_BYTES / 1024} ko, \`data\` ne contient que \`id\`. Répondre 2xx en moins de 15 s ; sinon nouvelles tentatives (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, Retry-After respecté) ; 410 désactive le webhook.`,
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              properties: {
                type: { type: 'string', enum: [event] },
                timestamp: { type: 'string', format: 'date-time' },
                data: { type: 'object', additionalProperties: true, description: "Champs publics de l'objet" },
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Reçu' },
        '410': { description: 'Le destinataire ne veut plus rien recevoir : le webhook est désactivé' },
      },
    },
  };
}

export const WEBHOOKS_SECTION = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, entry(e)]));
