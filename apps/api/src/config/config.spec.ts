import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'sym-config-'));

  it('defaults to port 3000 and the embedded database with a generated, kept JWT secret', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBeUndefined();
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(d, 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: d }).jwtSecret).toBe(a.jwtSecret);
    expect(a.demoData).toBe(true);
  });

  it('requires JWT_SECRET with DATABASE_URL and lists every problem at once', () => {
    try {
      loadConfig({ DATABASE_URL: 'postgres://x@y/z', PORT: 'abc', SMTP_HOST: 'smtp.example.org' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems;
      expect(problems).toContain('JWT_SECRET is required when DATABASE_URL is set');
      expect(problems.some((p) => p.startsWith('PORT must be a port number'))).toBe(true);
      expect(problems).toContain('SMTP_FROM is required when SMTP_HOST is set');
    }
  });

  it('takes DATABASE_POOL_SIZE as a whole number from 1 to 100, and leaves it to the database otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(loadConfig({ DATA_DIR: dir() }).databasePoolSize).toBeUndefined();
    for (const bad of ['0', '2.5', '101', 'many'])
      expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE must be a whole number from 1 to 100/,
      );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL and half of the chair bootstrap pair', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), CHAIR_EMAIL: 'a@b.org' })).toThrow(
      /CHAIR_EMAIL and CHAIR_PASSWORD must be set together/,
    );
  });

  it('reads SHUTDOWN_DRAIN_MS (default 10 s) and refuses one that is not a whole number', () => {
    expect(loadConfig({ DATA_DIR: dir() }).shutdownDrainMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir(), SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2500);
    expect(() => loadConfig({ DATA_DIR: dir(), SHUTDOWN_DRAIN_MS: 'abc' })).toThrow(
      /SHUTDOWN_DRAIN_MS must be a whole number of milliseconds/,
    );
  });

  it('reads METRICS_TOKEN (unset: metrics disabled) and refuses a short one or one with spaces', () => {
    expect(loadConfig({ DATA_DIR: dir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    for (const bad of ['short-token', 'a token with spaces in it'])
      expect(() => loadConfig({ DATA_DIR: dir(), METRICS_TOKEN: bad })).toThrow(
        /METRICS_TOKEN must be at least 16 printable characters without spaces/,
      );
  });

  it('reads LOG_FORMAT: auto by default, json or pretty', () => {
    expect(loadConfig({ DATA_DIR: dir() }).logFormat).toBe('auto');
    expect(loadConfig({ DATA_DIR: dir(), LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => loadConfig({ DATA_DIR: dir(), LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be one of/);
  });

  it('turns demo data off by default on PostgreSQL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://x@y/z', JWT_SECRET: 'x'.repeat(40) });
    expect(c.demoData).toBe(false);
    expect(c.jwtSecret).toBe('x'.repeat(40));
  });
  it('keeps files on disk by default and in S3 with FILE_STORE=s3, naming each missing S3 setting', () => {
    expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({ fileStore: 'disk', s3: undefined });
    const s3 = {
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:7480',
      S3_ACCESS_KEY: 'access',
      S3_SECRET_KEY: 'secret',
      S3_BUCKET: 'symposium-files',
    };
    expect(loadConfig({ DATA_DIR: dir(), ...s3 })).toMatchObject({
      fileStore: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:7480',
        accessKey: 'access',
        secretKey: 'secret',
        bucket: 'symposium-files',
        region: 'us-east-1',
      },
    });
    expect(
      loadConfig({ DATA_DIR: dir(), ...s3, S3_REGION: 'eu-west-1', S3_PREFIX: 'conf/2027' }).s3,
    ).toMatchObject({
      region: 'eu-west-1',
      prefix: 'conf/2027/',
    });
    // complete S3 settings are read with FILE_STORE=disk too (the target of files migrate --to s3)
    expect(loadConfig({ DATA_DIR: dir(), ...s3, FILE_STORE: 'disk' })).toMatchObject({
      fileStore: 'disk',
      s3: { bucket: 'symposium-files' },
    });
    try {
      loadConfig({ DATA_DIR: dir(), FILE_STORE: 's3', S3_ENDPOINT: 'ftp://x' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'S3_BUCKET is required when FILE_STORE=s3',
        'S3_ACCESS_KEY is required when FILE_STORE=s3',
        'S3_SECRET_KEY is required when FILE_STORE=s3',
        'S3_ENDPOINT must be an http:// or https:// URL, got "ftp://x"',
      ]);
    }
    expect(() => loadConfig({ DATA_DIR: dir(), FILE_STORE: 'floppy' })).toThrow(
      /FILE_STORE must be one of disk, s3, got "floppy"/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
  });
});
