import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("sends mail and push from PUBLIC_URL's domain by default, never .local to a real service (issue 34)", () => {
    const site = parseConfig({ PUBLIC_URL: 'https://www.yardly-market.com' });
    expect(site.mailFrom).toBe('Yardly <no-reply@yardly-market.com>');
    expect(site.mailDomain).toBe('yardly-market.com');
    expect(site.supportEmail).toBe('support@yardly-market.com');
    expect(site.vapid.subject).toBe('mailto:support@yardly-market.com');
    // A local trial (no PUBLIC_URL) keeps yardly.local: its mail goes to the log only.
    expect(parseConfig({}).mailFrom).toBe('Yardly <no-reply@yardly.local>');
    // Production with a mail server and no public domain: start-up names what to set.
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.net:587' };
    expect(() => parseConfig(production)).toThrow(/PUBLIC_URL: mail would be sent from yardly\.local/);
    expect(() => parseConfig({ ...production, MAIL_FROM: 'Shop <shop@yardly.local>' })).toThrow(/MAIL_FROM/);
    expect(parseConfig({ ...production, PUBLIC_URL: 'https://yardly-market.com' }).mailDomain).toBe(
      'yardly-market.com',
    );
    expect(() =>
      parseConfig({ ...production, PUBLIC_URL: 'https://yardly-market.com', VAPID_SUBJECT: 'mailto:ops@yardly.local' }),
    ).toThrow(/VAPID_SUBJECT/);
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

  it('refuses production without SMTP_URL in one line naming it, unless MAIL_LOG=1 asks for mail in the log', () => {
    const production = { NODE_ENV: 'production' };
    expect(() => parseConfig(production)).toThrow(ConfigError);
    expect(() => parseConfig(production)).toThrow(
      'Invalid configuration: SMTP_URL: required in production (or set MAIL_LOG=1 to write mail, codes included, to the log)',
    );
    expect(() => parseConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ ...production, MAIL_LOG: '0' })).toThrow(/SMTP_URL/);
    expect(parseConfig({ ...production, MAIL_LOG: '1' }).smtpUrl).toBeUndefined();
    expect(
      parseConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'https://yardly-market.com' })
        .smtpUrl,
    ).toBe('smtp://mail.example.com:587');
    // Outside production mail goes to the log and the dev outbox without asking.
    expect(() => parseConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => parseConfig({ MAIL_LOG: 'yes' })).toThrow(/MAIL_LOG: must be 0 or 1/);
  });

  it('takes payments through Stripe only with both keys, naming the one that is missing', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' };
    expect(parseConfig({}).stripe).toBeUndefined();
    expect(parseConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: undefined,
      connectWebhookSecret: undefined,
      apiBase: undefined,
    });
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
    );
    expect(() => parseConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY: required when STRIPE_PUBLISHABLE_KEY is set',
    );
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(() => parseConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY: must be/);
    expect(() => parseConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be/);
    expect(() => parseConfig({ ...keys, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    const local = parseConfig({
      ...keys,
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(local.stripe).toMatchObject({ webhookSecret: 'whsec_abc', apiBase: 'http://127.0.0.1:12111' });
    const connect = { ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_def' };
    expect(parseConfig(connect).stripe).toMatchObject({
      webhookSecret: 'whsec_abc',
      connectWebhookSecret: 'whsec_def',
    });
    expect(() => parseConfig({ ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_def' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_CONNECT_WEBHOOK_SECRET is set/,
    );
    expect(() => parseConfig({ ...connect, STRIPE_CONNECT_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET: must be/,
    );
  });
  it('reads S3_URL as the endpoint, the keys and the bucket, path-style, and S3_REGION defaulting to us-east-1', () => {
    expect(parseConfig({}).objectStore).toBeUndefined();
    expect(parseConfig({ S3_URL: 'https://AKIA1:s%2Fcr%2Bt@s3.example.com:9000/yardly-photos' }).objectStore).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'yardly-photos',
      accessKeyId: 'AKIA1',
      secretAccessKey: 's/cr+t',
      region: 'us-east-1',
    });
    expect(parseConfig({ S3_URL: 'http://k:s@minio/b.1-x', S3_REGION: 'eu-central-1' }).objectStore).toMatchObject({
      endpoint: 'http://minio',
      bucket: 'b.1-x',
      region: 'eu-central-1',
    });
  });

  it('stops start-up on a bad S3_URL or S3_REGION, saying the form and never the secret', () => {
    const form = 'S3_URL: must be http(s)://ACCESS_KEY:SECRET_KEY@host[:port]/bucket';
    const refused = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ S3_URL: 'not a url' })).toBe(`Invalid configuration: ${form}`);
    expect(refused({ S3_URL: 'ftp://k:topsecret@host/bucket' })).toContain(`${form} (http:// or https://)`);
    expect(refused({ S3_URL: 'https://host/bucket' })).toContain('(the access key and the secret key are missing)');
    expect(refused({ S3_URL: 'https://k@host/bucket' })).toContain('(the access key and the secret key are missing)');
    expect(refused({ S3_URL: 'https://k:topsecret@host' })).toContain('(the bucket is missing)');
    expect(refused({ S3_URL: 'https://k:topsecret@host/Photos' })).toContain(
      'the bucket name "Photos" is not a valid one',
    );
    expect(refused({ S3_URL: 'https://k:topsecret@host/a/b' })).toContain('the bucket name "a/b" is not a valid one');
    expect(refused({ S3_URL: 'https://k:topsecret@host/bucket?x=1' })).toContain('(no query or fragment)');
    expect(refused({ S3_URL: 'https://k:topsecret@host/Photos' })).not.toContain('topsecret');
    expect(refused({ S3_REGION: 'US East' })).toBe(
      'Invalid configuration: S3_REGION: must be a region name such as us-east-1',
    );
  });

  it('runs several api processes only on PostgreSQL', () => {
    expect(parseConfig({}).apiProcesses).toBe(1);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', API_PROCESSES: '4' }).apiProcesses).toBe(4);
    expect(() => parseConfig({ API_PROCESSES: '2' })).toThrow(
      'Invalid configuration: API_PROCESSES: must be 1 with the embedded database (one process per DATA_DIR); set DATABASE_URL to run several api processes on PostgreSQL',
    );
    for (const value of ['0', 'two', '1.5', '65']) {
      expect(() => parseConfig({ DATABASE_URL: 'postgres://u@h/db', API_PROCESSES: value })).toThrow(
        'API_PROCESSES: must be a whole number from 1 to 64',
      );
    }
  });

  it('carries live updates over LISTEN/NOTIFY unless LIVE_BUS_URL names NATS or Redis', () => {
    expect(parseConfig({}).liveBus).toEqual({ url: undefined, relay: true, dieAfterPublishing: undefined });
    expect(parseConfig({ LIVE_BUS_URL: 'nats://127.0.0.1:4222' }).liveBus.url).toBe('nats://127.0.0.1:4222');
    expect(parseConfig({ LIVE_BUS_URL: 'redis://cache:6379', LIVE_BUS_RELAY: '0' }).liveBus).toMatchObject({
      url: 'redis://cache:6379',
      relay: false,
    });
    for (const value of ['amqp://127.0.0.1:5672', 'nats://', 'http://127.0.0.1:4222']) {
      expect(() => parseConfig({ LIVE_BUS_URL: value })).toThrow(
        'Invalid configuration: LIVE_BUS_URL: must be nats://host:port or redis://host:port',
      );
    }
    // The relay's test switch means nothing outside tests.
    expect(parseConfig({ LIVE_BUS_TEST_DIE_AFTER: '2' }).liveBus.dieAfterPublishing).toBeUndefined();
    expect(parseConfig({ NODE_ENV: 'test', LIVE_BUS_TEST_DIE_AFTER: '2' }).liveBus.dieAfterPublishing).toBe(2);
  });
});
