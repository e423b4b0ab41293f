import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser features the app never uses are switched off for its pages and anything they embed (ASVS V14.4).
 * The camera stays allowed to the app itself, for taking intervention photos from a phone; fullscreen for charts.
 * Only features Chromium recognises are named (an unknown one is logged as an error in the console).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** `Permissions-Policy` on every answer (helmet does not set it), set first so that error answers carry it too. */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'permissions-policy' },
);
