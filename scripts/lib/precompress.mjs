// Writes .br and .gz twins of every compressible file of a build, so the server sends them as is.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE } from '../../src/server/sites/compressible.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Files smaller than this gain nothing from compression. */
const MIN_BYTES = 256;

/** Compresses every file under `dir`; returns byte totals for the report. */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        if ((await stat(file)).size < MIN_BYTES) return;
        const data = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gz(data, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        totals.files += 1;
        totals.raw += data.length;
        totals.br += br.length;
        totals.gzip += gzipped.length;
      }),
  );
  return totals;
}
