import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { listTenantCodes } from '~/lib/tenant/load';
import { readLive } from '~/server/sites/build-layout';

/**
 * A DIST_DIR and a DATA_DIR of one test file, inside the project (under node_modules/.cache, so a
 * build's renderer, linked from there, still resolves the project's packages): the site compile,
 * the server bundle and the media cache hard-linked from `dist/`, and the live builds of `dist/`
 * whose compile is the current one, except those of `fresh` (which the server then builds itself).
 */
export function throwawayDirs(root: string, fresh: string[]) {
  const dir = join(root, 'node_modules/.cache', `lms-int-builds-${randomBytes(4).toString('hex')}`);
  const distRoot = join(dir, 'dist');
  const dataDir = join(dir, 'data');
  mkdirSync(distRoot, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const dist = join(root, 'dist');
  const link = (name: string) => execFileSync('cp', ['-al', join(dist, name), join(distRoot, name)]);
  for (const name of ['_site', '_server', '_media']) if (existsSync(join(dist, name))) link(name);
  const compile = (JSON.parse(readFileSync(join(dist, '_site/compile.json'), 'utf8')) as { id: string }).id;
  const linked: string[] = [];
  for (const code of listTenantCodes(join(root, 'tenants'))) {
    if (fresh.includes(code) || readLive(dist, code)?.info.compile !== compile) continue;
    link(code);
    linked.push(code);
  }
  return { distRoot, dataDir, linked, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`; `drop` removes it (closing its connections). */
export async function throwawayDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return { url: adminUrl.replace(/\/[^/]*$/, `/${name}`), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
