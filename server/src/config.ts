import path from 'node:path';
import { z } from 'zod';
import { decodeSecretKey } from './datasources/secretBox.ts';
import type { UploadsConfig } from './uploads/store.ts';

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?|mysql|mariadb|sqlite|file):/, 'DATABASE_URL must start with postgres://, mysql:// or sqlite:')
      .optional(),
    ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must have at least 6 characters').optional(),
    CAPTCHA: z.enum(['on', 'off']).default('on'),
    COUNT_CACHE: z.enum(['on', 'off']).default('on'),
    SOURCES_DENY_PRIVATE: z.enum(['on', 'off']).default('off'),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
    SESSION_MAX_HOURS: z.coerce.number().positive().default(24),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.string().optional(),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    UPLOADS_STORE: z.enum(['local', 's3'], 'UPLOADS_STORE must be local (files under DATA_DIR/uploads) or s3 (an S3-compatible bucket)').default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL such as https://oss-cn-hangzhou.aliyuncs.com or http://127.0.0.1:9000' })
      .optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false').default('false'),
    SECRET_KEY: z
      .string()
      .refine((v) => decodeSecretKey(v) !== undefined, 'SECRET_KEY must be a 32-byte key: 64 hex characters or base64')
      .optional(),
  })
  .refine((e) => e.UPLOADS_STORE !== 's3' || (e.S3_BUCKET ?? '') !== '', { path: ['S3_BUCKET'], message: 'S3_BUCKET is required when UPLOADS_STORE=s3' });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  captcha: boolean;
  /** cache exact list totals between writes (SQLite only) */
  countCache: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  webDist: string;
  /** Fastify's trustProxy: false, true, a hop count or a list of proxy addresses */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** data sources may not reach loopback, link-local or private addresses, nor SQLite files (docs/configuration.md) */
  sourcesDenyPrivate: boolean;
  /** key of the data-source password encryption; when unset, DATA_DIR/secret.key (generated once) */
  secretKey: Buffer | undefined;
  /** the app's own PostgreSQL/MySQL connections end a statement after this long (0: no limit); SQLite waits this long for a lock, at most 5 s */
  dbStatementTimeoutMs: number;
  /** connecting to the app's database, and waiting for a free pooled connection, give up after this long */
  dbConnectTimeoutMs: number;
  /** on SIGTERM/SIGINT, calls in flight get this long to finish before their connections are closed */
  shutdownDrainMs: number;
  /** credentials of an S3 store come from the AWS SDK's own chain (AWS_ACCESS_KEY_ID…), never from here */
  uploads: UploadsConfig;
}

/** Reads the environment into one validated config object; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    captcha: e.CAPTCHA === 'on',
    countCache: e.COUNT_CACHE === 'on',
    sourcesDenyPrivate: e.SOURCES_DENY_PRIVATE === 'on',
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    secretKey: e.SECRET_KEY === undefined ? undefined : decodeSecretKey(e.SECRET_KEY),
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    uploads:
      e.UPLOADS_STORE === 's3'
        ? { store: 's3', bucket: e.S3_BUCKET!, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' }
        : { store: 'local' },
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}
