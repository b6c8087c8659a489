// A throwaway PostgreSQL database for a bench run: created on a server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Undefined when the server at `adminUrl` answers, else why not. */
export async function postgresProblem(adminUrl) {
  try {
    await adminQuery(adminUrl, 'select 1');
    return undefined;
  } catch (error) {
    return error.message || String(error);
  }
}

/**
 * Creates `bench_<random>` on the server of `adminUrl`; resolves with its URL and `drop()`, which
 * removes it even while something is still connected.
 */
export async function createBenchDatabase(adminUrl) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
