// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, so that the server sends the
// smallest encoding the browser accepts without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let brotli = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files++;
    raw += content.length;
    brotli += br.length;
  }
}
walk(DIST);
console.log(`precompressed ${files} files: ${Math.round(raw / 1024)} KB → ${Math.round(brotli / 1024)} KB brotli`);
