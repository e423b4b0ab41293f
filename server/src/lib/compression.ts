import { constants as zlibConstants } from 'node:zlib';

/**
 * Compression of the API's answers (@fastify/compress). Answers over 1 KB are compressed (brotli or gzip, as the
 * client accepts); the SPA's files are sent from the copies compressed at build time by the static plugin, so they are
 * skipped. Answers up to 64 KB (a list page) are compressed in one synchronous call: the stream pipeline's overhead
 * cost more than the compression itself (bench: the interventions list). Levels for answers made per request (nginx's
 * gzip default is 1): a list page of 14 KB takes 35 µs at gzip 3 against 60 at the default 6, for 8 % more bytes.
 */
export const COMPRESSION = {
  threshold: 1024,
  syncThreshold: 64 * 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 3 },
};

/**
 * Whole-table downloads (the CSV exports, tens of MB): the fastest levels. At 1 M rows brotli 4 made the period CSV's
 * download the slowest part of the export (84–116 k rows/s against 131–163 k uncompressed, issue 29's budget is
 * 100 k) while PostgreSQL and the compression shared two cores; brotli 1 costs about a sixth of brotli 4 for a file a
 * few tens of per cent larger, still a fraction of the CSV's size. A route opts in with `compress: BULK_COMPRESSION`.
 */
export const BULK_COMPRESSION = {
  ...COMPRESSION,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
