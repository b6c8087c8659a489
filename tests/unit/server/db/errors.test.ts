import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFailureSummary, databaseUnavailableCause, isDatabaseUnavailable, sqlState } from '~/server/db/errors';

/** A pg error as the server sends it: a message and its SQLSTATE. */
const serverError = (code: string, message = 'error') => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
/** As Drizzle rethrows every failed query: the driver's error in `cause`. */
const fromQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A port on 127.0.0.1 that accepts connections and never says a word (a frozen database). */
async function silentPort(): Promise<number> {
  const server = createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('telling a database outage from other failures', () => {
  it('a server that refuses the connection (a real driver error) is an outage', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 1000 });
    const error = await pool.query('select 1').catch((caught: unknown) => caught);
    await pool.end();
    expect(databaseUnavailableCause(error)).toBe('connection refused');
    expect(databaseUnavailableCause(fromQuery(error as Error))).toBe('connection refused');
  });

  it('a server that never answers the connection (a real driver error) is a connect timeout', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await silentPort(), connectionTimeoutMillis: 100 });
    const error = await pool.query('select 1').catch((caught: unknown) => caught);
    await pool.end();
    expect(databaseUnavailableCause(error)).toBe('connect timeout');
  });

  it.each([
    ['a pool with no free connection in time', new Error('timeout exceeded when trying to connect'), 'connect timeout'],
    ['a query whose answer never came', fromQuery(new Error('Query read timeout')), 'query timeout'],
    ['a connection lost mid-query', fromQuery(new Error('Connection terminated unexpectedly')), 'connection lost'],
    ['a reset connection', fromQuery(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), 'connection reset'],
    [
      'a statement over statement_timeout',
      fromQuery(serverError('57014', 'canceling statement due to statement timeout')),
      'statement timeout',
    ],
    [
      'a server shutting down',
      fromQuery(serverError('57P01', 'terminating connection due to administrator command')),
      'server shutting down',
    ],
    ['a server starting up', serverError('57P03', 'the database system is starting up'), 'server starting up'],
    ['a connection exception', serverError('08006'), 'connection failure (08006)'],
    ['a full server', serverError('53300', 'sorry, too many clients already'), 'too many connections'],
    [
      'every address of a host refusing',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
      'connection refused',
    ],
  ])('%s is an outage', (_, error, cause) => {
    expect(databaseUnavailableCause(error)).toBe(cause);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(databaseFailureSummary(error)).toBe(`unavailable: ${cause}`);
  });

  it.each([
    ['a unique violation', fromQuery(serverError('23505', 'duplicate key value')), 'error 23505'],
    ['a syntax error', fromQuery(serverError('42601', 'syntax error at or near "x"')), 'error 42601'],
    ['a missing table', serverError('42P01', 'relation "x" does not exist'), 'error 42P01'],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), 'error'],
    [
      'an error of the application with a code of its own',
      Object.assign(new Error('tenant not found'), { code: 'TENANT_MISSING' }),
      'error',
    ],
  ])('%s is not an outage', (_, error, summary) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(databaseFailureSummary(error)).toBe(summary);
  });

  it('anything that is not an error, and a cause that points back at itself, are not outages', () => {
    const looped = new Error('looped');
    looped.cause = looped;
    for (const value of [undefined, null, 'ECONNREFUSED', 42, { code: 42 }, looped]) expect(isDatabaseUnavailable(value)).toBe(false);
  });

  it('a SQLSTATE is five characters with a digit, so a socket code is not read as one', () => {
    expect(sqlState(fromQuery(serverError('40001')))).toBe('40001');
    expect(sqlState(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
  });
});
