import path from 'node:path';
import { FALLBACK_SCHOOL_TIME_ZONE } from '@banksia/contracts/rules/class-expiry';
import { isValidTimeZone } from '@banksia/contracts/rules/review';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SECRET_KEY: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z.string().url().optional(),
  CHAT_WIDGET_URL: z.string().url().optional(),
  SEED_DEMO: bool,
  // The time zone a school gets when none is chosen (ADR 048): an IANA name the runtime knows.
  SCHOOL_TIME_ZONE: z
    .string()
    .refine(isValidTimeZone, 'must be an IANA time zone the runtime knows, e.g. Australia/Perth')
    .default(FALLBACK_SCHOOL_TIME_ZONE),
  WEB_DIST: z.string().optional(),
  // Object storage (ADR 009): S3 when S3_BUCKET is set, the local disk otherwise.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PUBLIC_URL: z.string().url().optional(),
  // Jobs (ADR 006) and email (ADR 010).
  WORKERS: z.coerce.number().int().min(0).max(32).default(1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PUBLIC_URL: z.string().url().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Heavy read queries (the progress grids): how many run at once, how many may wait, and for how long one may run.
  GRID_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  GRID_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  GRID_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  // How long a server-rendered page's data may take before the plain page is sent (ADR 041).
  RENDER_DEADLINE_MS: z.coerce.number().int().min(100).max(30_000).default(1_000),
  // How long a stopping process (SIGTERM, SIGINT) lets requests in flight and running jobs finish.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Payments (ADR 011): Stripe Checkout when STRIPE_SECRET_KEY is set, the built-in test provider otherwise.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  // Single sign-on (issue 35): the key that encrypts identity providers' client secrets at rest. Unset, one derived
  // from the app's secret (SECRET_KEY or DATA_DIR/secret-key) is used.
  SSO_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** Every environment variable the server reads (the README's configuration table; compose.yaml sets some). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/** Where files are kept when S3 is configured (see platform/s3-storage.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, a test server…); AWS itself when absent. */
  endpoint: string | undefined;
  /** Both or neither; without them the AWS SDK's default chain (environment, instance role…) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Base URL serving the bucket's objects to browsers (e.g. a CDN); the bucket's own URL when absent. */
  publicUrl: string | undefined;
}

export type Env = z.infer<typeof envSchema>;

/** Runtime configuration, read once from the environment. */
export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** Secret for HMACs (CSRF). Generated and kept in DATA_DIR when not set. */
  secretKey: string | undefined;
  session: { idleMs: number; absoluteMs: number };
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  sentryDsn: string | undefined;
  chatWidgetUrl: string | undefined;
  seedDemo: boolean;
  /** The IANA time zone of schools made without one, and of schools that existed before zones did (ADR 048). */
  schoolTimeZone: string;
  /** Built web app to serve; absent in API-only runs (tests, `npm run dev`). */
  webDist: string | undefined;
  /** S3 storage; undefined keeps files on the local disk under DATA_DIR. */
  s3: S3Config | undefined;
  /** Jobs of each queue this process runs at once; 0: it only enqueues (a separate `npm run worker` runs them). */
  workers: number;
  /** SMTP server for outgoing mail; without it messages stay in the outbox for staff to read. */
  smtpUrl: string | undefined;
  /** From address of outgoing mail. */
  mailFrom: string;
  /** Where people reach the web app; links in emails start with it (no trailing slash). */
  publicUrl: string;
  /** Bearer token that opens /metrics to scrapers not on this machine; without it only loopback may read it. */
  metricsToken: string | undefined;
  /**
   * The progress grids' limits, so a teacher opening a large class cannot take every pooled connection and the CPU:
   * grids running at once (a quarter of the request pool by default), grids waiting their turn before the next is
   * answered 503, and how long one grid's query may run before it is cancelled.
   */
  grids: { concurrency: number; queue: number; timeoutMs: number };
  /** How long a server-rendered page's data may take before the browser is left to load it (ADR 041). */
  renderDeadlineMs: number;
  /** How long a stopping process lets requests in flight and running jobs finish before it closes what is left. */
  shutdownTimeoutMs: number;
  /**
   * Stripe: with a secret key payments go through Stripe Checkout; without one, through the built-in test provider.
   * The webhook secret verifies Stripe-Signature; unset, one derived from the app's secret is used (test provider).
   */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined };
  /** Encrypts SSO client secrets at rest; unset, a key derived from the app's secret is used (features/sso). */
  ssoSecretKey: string | undefined;
}

/** Connections in a process's request pool (platform/db.ts openDatabase's default). */
export const REQUEST_POOL_SIZE = 10;

/** Parses the environment into a Config, naming every variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most tools (e.g. `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const s3Problems = [
    ...(e.S3_BUCKET ? [] : S3_VARIABLES.filter((name) => e[name] !== undefined)).map(
      (name) => `${name}: needs S3_BUCKET`,
    ),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']
      : []),
  ];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    s3Problems.push('STRIPE_WEBHOOK_SECRET: needed with STRIPE_SECRET_KEY (Stripe signs its webhooks with it)');
  }
  if (s3Problems.length) throw new Error(`Invalid configuration: ${s3Problems.join('; ')}`);
  const gridConcurrency = e.GRID_CONCURRENCY ?? Math.max(1, Math.floor(REQUEST_POOL_SIZE / 4));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; relative paths are taken from where npm was invoked.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    secretKey: e.SECRET_KEY,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    cookieSecure: e.COOKIE_SECURE ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    sentryDsn: e.SENTRY_DSN,
    chatWidgetUrl: e.CHAT_WIDGET_URL,
    seedDemo: e.SEED_DEMO ?? true,
    schoolTimeZone: e.SCHOOL_TIME_ZONE,
    webDist: e.WEB_DIST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    workers: e.WORKERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Banksia <no-reply@banksia.invalid>',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    metricsToken: e.METRICS_TOKEN,
    grids: {
      concurrency: gridConcurrency,
      // A short queue: a grid waiting behind more than a few others would miss any reasonable deadline anyway.
      queue: e.GRID_QUEUE ?? 4 * gridConcurrency,
      timeoutMs: e.GRID_TIMEOUT_MS,
    },
    renderDeadlineMs: e.RENDER_DEADLINE_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    ssoSecretKey: e.SSO_SECRET_KEY,
  };
}
