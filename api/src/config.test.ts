import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads a relative DATA_DIR from where pnpm was run', () => {
    expect(parseConfig({ DATA_DIR: './data', INIT_CWD: '/srv/yardly' }).dataDir).toBe('/srv/yardly/data');
    expect(parseConfig({ DATA_DIR: '/var/lib/yardly', INIT_CWD: '/srv/yardly' }).dataDir).toBe('/var/lib/yardly');
  });

  it('stops start-up naming the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseConfig({ SEED: 'lots' })).toThrow(/SEED/);
  });

  it('loads demo data on PostgreSQL only when asked', () => {
    const url = 'postgres://u@localhost/db';
    expect(parseConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: url, SEED: 'demo' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED: 'none' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});
