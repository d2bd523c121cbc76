import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

/** Where uploaded files live: the local disk under DATA_DIR (default) or an S3-compatible bucket. */
export const FILE_STORES = ['disk', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORES)[number];

/** An S3-compatible object store (AWS, MinIO, Ceph RGW). */
export interface S3Config {
  /** S3_ENDPOINT: e.g. http://127.0.0.1:7480; unset means AWS's own endpoint for the region. */
  endpoint?: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_PREFIX: put the objects under this prefix of the bucket (e.g. one bucket for several systems). */
  prefix?: string;
}

export interface AppConfig {
  port: number;
  /** Directory of the embedded database, the JWT secret and the file store. */
  dataDir: string;
  /** postgres://… switches to PostgreSQL; undefined means embedded PGlite (or in-memory for tests). */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE: PostgreSQL connections of this process (default: twice the CPUs, 4 to 10). */
  databasePoolSize?: number;
  /** true: PGlite in memory (tests). */
  inMemoryDatabase?: boolean;
  jwtSecret: string;
  publicUrl: string;
  smtp?: SmtpConfig;
  chairEmail?: string;
  chairPassword?: string;
  /** Load the demo conference on an empty embedded database. */
  demoData: boolean;
  /** Serve the built front ends. */
  serveApps: boolean;
  /** Run the outbox dispatcher and scheduled jobs. */
  runJobs: boolean;
  /** JOBS_TICK_MS: how often the reminder scheduler ticks (default 60000, once a minute). */
  jobsTickMs?: number;
  /** LOG_LEVEL: error, warn, log (default) or debug; Nest's start-up chatter (modules, route mapping)
   * is printed only at debug. */
  logLevel?: LogLevelName;
  /**
   * LOG_FORMAT: json (one JSON object per line), pretty (one readable line per entry) or auto (default:
   * pretty when standard output is a terminal, else json).
   */
  logFormat?: LogFormat;
  /**
   * METRICS_TOKEN: the bearer token GET /metrics requires (Prometheus text format). Unset: /metrics answers
   * 404 (disabled).
   */
  metricsToken?: string;
  /** SHUTDOWN_DRAIN_MS: how long requests in flight may take to finish after SIGTERM (default 10 s). */
  shutdownDrainMs?: number;
  /**
   * TRUSTED_PROXIES: the proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or Express's
   * names loopback, linklocal, uniquelocal), comma-separated. None by default: the client is the peer.
   */
  trustedProxies?: string[];
  /** FILE_STORE: disk (default) or s3. */
  fileStore?: FileStoreKind;
  /** S3_*: set when FILE_STORE=s3, or when the S3 variables are all given (to copy files to S3). */
  s3?: S3Config;
}

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
/** The shortest METRICS_TOKEN accepted: a guessable token would publish the server's internals. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/** Reads and validates the environment; throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const databasePoolSize = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined;
  if (
    databasePoolSize !== undefined &&
    !(Number.isInteger(databasePoolSize) && databasePoolSize >= 1 && databasePoolSize <= 100)
  )
    problems.push(`DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "${env.DATABASE_POOL_SIZE}"`);
  let jwtSecret = env.JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters');
  if (!jwtSecret && databaseUrl) problems.push('JWT_SECRET is required when DATABASE_URL is set');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    problems.push(`PUBLIC_URL must be an absolute URL, got "${env.PUBLIC_URL}"`);
  }
  let smtp: SmtpConfig | undefined;
  if (env.SMTP_HOST) {
    const smtpPort = Number(env.SMTP_PORT ?? 587);
    if (!Number.isInteger(smtpPort) || smtpPort <= 0) problems.push('SMTP_PORT must be a port number');
    if (!env.SMTP_FROM) problems.push('SMTP_FROM is required when SMTP_HOST is set');
    smtp = {
      host: env.SMTP_HOST,
      port: smtpPort,
      secure: bool(env.SMTP_SECURE, smtpPort === 465),
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASSWORD || undefined,
      from: env.SMTP_FROM ?? '',
    };
  }
  if (Boolean(env.CHAIR_EMAIL) !== Boolean(env.CHAIR_PASSWORD))
    problems.push('CHAIR_EMAIL and CHAIR_PASSWORD must be set together');
  if (env.CHAIR_PASSWORD && env.CHAIR_PASSWORD.length < 8)
    problems.push('CHAIR_PASSWORD must be at least 8 characters');
  const logLevel = (env.LOG_LEVEL || 'log').toLowerCase() as LogLevelName;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const logFormat = (env.LOG_FORMAT || 'auto').toLowerCase() as LogFormat;
  if (!LOG_FORMATS.includes(logFormat))
    problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${env.LOG_FORMAT}"`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (
    metricsToken !== undefined &&
    (metricsToken.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(metricsToken))
  )
    problems.push(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces`,
    );
  const shutdownDrainMs = env.SHUTDOWN_DRAIN_MS ? Number(env.SHUTDOWN_DRAIN_MS) : 10_000;
  if (!Number.isInteger(shutdownDrainMs) || shutdownDrainMs < 0)
    problems.push(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, got "${env.SHUTDOWN_DRAIN_MS}"`);
  const jobsTickMs = env.JOBS_TICK_MS ? Number(env.JOBS_TICK_MS) : 60_000;
  if (!Number.isInteger(jobsTickMs) || jobsTickMs < 100)
    problems.push(
      `JOBS_TICK_MS must be a whole number of milliseconds (100 or more), got "${env.JOBS_TICK_MS}"`,
    );
  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const proxy of trustedProxies)
    if (!isProxySpec(proxy))
      problems.push(
        `TRUSTED_PROXIES must list IP addresses, CIDR ranges or loopback/linklocal/uniquelocal, got "${proxy}"`,
      );
  const { fileStore, s3 } = fileStoreConfig(env, problems);
  if (problems.length) throw new ConfigError(problems);
  if (!jwtSecret) jwtSecret = embeddedSecret(dataDir);
  return {
    port,
    dataDir,
    databaseUrl,
    databasePoolSize,
    jwtSecret,
    publicUrl,
    smtp,
    chairEmail: env.CHAIR_EMAIL?.trim().toLowerCase(),
    chairPassword: env.CHAIR_PASSWORD,
    demoData: bool(env.DEMO_DATA, !databaseUrl),
    serveApps: true,
    runJobs: true,
    logLevel,
    logFormat,
    metricsToken,
    shutdownDrainMs,
    jobsTickMs,
    trustedProxies,
    fileStore,
    s3,
  };
}

/**
 * FILE_STORE and S3_*: with FILE_STORE=s3, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY are required. The S3
 * settings are also read with FILE_STORE=disk when they are complete, so `files migrate --to s3` can use them.
 */
function fileStoreConfig(
  env: NodeJS.ProcessEnv,
  problems: string[],
): { fileStore: FileStoreKind; s3?: S3Config } {
  const fileStore = (env.FILE_STORE || 'disk').toLowerCase() as FileStoreKind;
  if (!FILE_STORES.includes(fileStore))
    problems.push(`FILE_STORE must be one of ${FILE_STORES.join(', ')}, got "${env.FILE_STORE}"`);
  const wanted = fileStore === 's3';
  const endpoint = env.S3_ENDPOINT || undefined;
  const accessKey = env.S3_ACCESS_KEY ?? '';
  const secretKey = env.S3_SECRET_KEY ?? '';
  const bucket = env.S3_BUCKET ?? '';
  const region = env.S3_REGION || 'us-east-1';
  const prefix = env.S3_PREFIX || undefined;
  const complete = Boolean(accessKey && secretKey && bucket);
  if (!wanted && !complete) return { fileStore };
  if (!bucket) problems.push('S3_BUCKET is required when FILE_STORE=s3');
  else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(
      `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`,
    );
  if (!accessKey) problems.push('S3_ACCESS_KEY is required when FILE_STORE=s3');
  if (!secretKey) problems.push('S3_SECRET_KEY is required when FILE_STORE=s3');
  if (endpoint) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      // reported below
    }
    if (!url || !['http:', 'https:'].includes(url.protocol))
      problems.push(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  }
  if (prefix !== undefined && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/.test(prefix))
    problems.push(
      `S3_PREFIX must be a path of letters, digits, dots, hyphens and underscores, got "${prefix}"`,
    );
  return {
    fileStore,
    s3: { endpoint, accessKey, secretKey, bucket, region, prefix: prefix?.replace(/\/?$/, '/') },
  };
}

/** An address, an address/prefix, or one of Express's names for ranges. */
function isProxySpec(spec: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(spec)) return true;
  const [address, prefix, ...rest] = spec.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** In embedded mode the JWT secret is generated once and kept in DATA_DIR. */
function embeddedSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
