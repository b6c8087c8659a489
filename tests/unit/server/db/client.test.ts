import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { DEFAULT_DATABASE_TIMEOUTS } from '~/server/db/client';

const databaseTimeouts = (env: Record<string, string>) => loadConfig(env).database.timeouts;

describe('database timeouts from the environment (config.database.timeouts)', () => {
  it('defaults to a 5 s connect and a 10 s statement timeout', () => {
    expect(databaseTimeouts({})).toEqual(DEFAULT_DATABASE_TIMEOUTS);
    expect(DEFAULT_DATABASE_TIMEOUTS).toMatchObject({ connectMs: 5000, statementMs: 10_000 });
  });

  it('takes each DB_*_TIMEOUT_MS that is set', () => {
    const env = {
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: ' 2000 ',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
      DB_IDLE_TIMEOUT_MS: '4000',
    };
    expect(databaseTimeouts(env)).toEqual({ connectMs: 1000, statementMs: 2000, idleInTransactionMs: 3000, idleMs: 4000 });
    expect(databaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '' })).toEqual(DEFAULT_DATABASE_TIMEOUTS);
  });

  it.each(['0', '-5', '1.5', '5s', 'abc', '99999999999'])('refuses DB_STATEMENT_TIMEOUT_MS=%s, naming the variable', (value) => {
    expect(() => databaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: value })).toThrow(
      `DB_STATEMENT_TIMEOUT_MS: harus bilangan bulat 1–999999999, diterima "${value}"`,
    );
  });
});
