import { resolve } from "node:path";
import { z } from "zod";
import { loadOrCreateSessionSecret, minimumSessionSecretLength } from "./session-secret";

/** Every environment variable the server reads, for README and .env.example. */
export const configVariables = [
  { name: "NODE_ENV", description: "development, test or production", default: "development" },
  { name: "PORT", description: "TCP port the HTTP server listens on", default: "3000" },
  { name: "HOST", description: "Interface the HTTP server binds to", default: "0.0.0.0" },
  {
    name: "PUBLIC_URL",
    description: "Origin users reach the site at (https enables HSTS)",
    default: "http://localhost:PORT",
  },
  { name: "DATA_DIR", description: "Directory for the embedded database and generated secrets", default: "./data" },
  {
    name: "RELEASES_DIR",
    description: "Directory of the Windows and Android release files and their manifest.json (see README, Publishing a release)",
    default: "./releases",
  },
  {
    name: "DATABASE_URL",
    description: "PostgreSQL URL; when unset the embedded PGlite database in DATA_DIR/db is used",
    default: "",
  },
  {
    name: "SESSION_SECRET",
    description: `Secret for signing session cookies, at least ${minimumSessionSecretLength} characters; required in production, otherwise generated into DATA_DIR/session-secret`,
    default: "",
  },
  { name: "ADMIN_EMAILS", description: "Comma-separated e-mail addresses that get the admin dashboard", default: "" },
  { name: "REDIS_URL", description: "Redis URL for state shared between several instances", default: "" },
  {
    name: "SMTP_URL",
    description:
      "SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com; when unset each message is written to DATA_DIR/mail as an .eml file and its links are logged",
    default: "",
  },
  { name: "MAIL_FROM", description: "Sender of every email", default: "TabVault <no-reply@localhost>" },
  {
    name: "STRIPE_SECRET_KEY",
    description:
      "Stripe secret key (sk_…); when unset, payments use the local sandbox (never in production, where they answer 503 'Stripe not configured')",
    default: "",
  },
  { name: "STRIPE_PUBLISHABLE_KEY", description: "Stripe publishable key (pk_…) for Stripe Elements; required with STRIPE_SECRET_KEY", default: "" },
  { name: "STRIPE_WEBHOOK_SECRET", description: "Signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY", default: "" },
  { name: "STRIPE_PRICE_BASIC", description: "Stripe price id of the monthly Basic plan; required with STRIPE_SECRET_KEY", default: "" },
  { name: "STRIPE_PRICE_PRO", description: "Stripe price id of the monthly Pro plan; required with STRIPE_SECRET_KEY", default: "" },
  { name: "STRIPE_PRICE_PREMIUM", description: "Stripe price id of the monthly Premium plan; required with STRIPE_SECRET_KEY", default: "" },
  { name: "LOG_LEVEL", description: "fatal, error, warn, info, debug, trace or silent", default: "info" },
  {
    name: "TRUST_PROXY",
    description: "true, false or the number of proxy hops in front of the server (load balancer)",
    default: "false",
  },
  {
    name: "ALLOW_STAND_INS",
    description:
      "true runs the payment sandbox, the mail outbox and plain-http cookies on a PUBLIC_URL that is not this machine (a demo or staging server, never for real people); without it such a site must set SMTP_URL, Stripe (outside production) and an https PUBLIC_URL, or it does not start",
    default: "false",
  },
] as const satisfies readonly { name: string; description: string; default: string }[];


export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface Config {
  nodeEnv: "development" | "test" | "production";
  port: number;
  host: string;
  /** Origin without a trailing slash. */
  publicUrl: string;
  /** Absolute path. */
  dataDir: string;
  /** Absolute path of the published release files. */
  releasesDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  adminEmails: string[];
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Stripe when its key is set; otherwise the sandbox outside production, nothing in production. */
  stripe: StripeConfig | undefined;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean | number;
  /**
   * Whether the stand-ins for real services may run: the payment sandbox (outside production), the mail
   * outbox and non-Secure cookies. "local" when PUBLIC_URL is this machine, "allowed" with
   * ALLOW_STAND_INS=true, else "off" (and start-up has checked that the real services are configured).
   */
  standIns: "local" | "allowed" | "off";
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: { basic: string; pro: string; premium: string };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

function urlWithProtocols(protocols: string[]) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "test", "production"], { message: "must be development, test or production" })
    .default("development"),
  PORT: z
    .string()
    .regex(/^\d+$/, "must be a whole number between 0 and 65535")
    .transform(Number)
    .refine((port) => port <= 65535, "must be a whole number between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  PUBLIC_URL: optionalText.pipe(urlWithProtocols(["http:", "https:"]).optional()),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  RELEASES_DIR: z.string().trim().min(1, "must not be empty").default("./releases"),
  DATABASE_URL: optionalText.pipe(urlWithProtocols(["postgres:", "postgresql:"]).optional()),
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(minimumSessionSecretLength, `must be at least ${minimumSessionSecretLength} characters long`)
      .optional(),
  ),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ""),
    )
    .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" }))),
  REDIS_URL: optionalText.pipe(urlWithProtocols(["redis:", "rediss:"]).optional()),
  SMTP_URL: optionalText.pipe(urlWithProtocols(["smtp:", "smtps:"]).optional()),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, like "TabVault <no-reply@example.com>"')
    .default("TabVault <no-reply@localhost>"),
  STRIPE_SECRET_KEY: optionalText.pipe(z.string().regex(/^(sk|rk)_/, "must start with sk_ or rk_").optional()),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().regex(/^pk_/, "must start with pk_").optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().regex(/^whsec_/, "must start with whsec_").optional()),
  STRIPE_PRICE_BASIC: optionalText.pipe(z.string().regex(/^price_/, "must start with price_").optional()),
  STRIPE_PRICE_PRO: optionalText.pipe(z.string().regex(/^price_/, "must start with price_").optional()),
  STRIPE_PRICE_PREMIUM: optionalText.pipe(z.string().regex(/^price_/, "must start with price_").optional()),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(", ")}` }).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(true|false|\d+)$/, "must be true, false or a number of proxy hops")
    .transform((value) => (value === "true" ? true : value === "false" ? false : Number(value)))
    .default(false),
  ALLOW_STAND_INS: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
});

/** Addresses that only this machine reaches: what `npm start` serves by default. */
function isThisMachine(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A site other people reach must not run the stand-ins by accident: a forgotten
 * NODE_ENV or Stripe key would sell plans for a test card, an unset SMTP_URL would keep every sign-in
 * link in DATA_DIR/mail and the log, and plain http sends cookies anyone on the path can read. Names
 * everything missing at once, and the variable that opts in to stand-ins on purpose.
 */
function standInProblems(publicUrl: string, values: { NODE_ENV: Config["nodeEnv"]; SMTP_URL?: string; STRIPE_SECRET_KEY?: string }): string[] {
  const problems: string[] = [];
  if (!publicUrl.startsWith("https:")) problems.push("PUBLIC_URL is not https (session cookies would not be Secure)");
  if (!values.SMTP_URL) problems.push("SMTP_URL is not set (mail would only be written to DATA_DIR/mail, sign-in links and all)");
  if (!values.STRIPE_SECRET_KEY && values.NODE_ENV !== "production") {
    problems.push("STRIPE_SECRET_KEY is not set (anyone could buy a plan in the payment sandbox with a test card)");
  }
  return problems;
}

/**
 * Reads the environment once at start-up. Throws a ConfigError naming every bad variable.
 * Outside production a missing SESSION_SECRET is generated once into DATA_DIR (a side effect).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyDefaults(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === "production" && !values.SESSION_SECRET) {
    throw new ConfigError(
      `Invalid configuration: SESSION_SECRET is required when NODE_ENV=production (at least ${minimumSessionSecretLength} characters)`,
    );
  }
  const dataDir = resolve(values.DATA_DIR);
  let stripe: StripeConfig | undefined;
  if (values.STRIPE_SECRET_KEY) {
    const required = {
      STRIPE_PUBLISHABLE_KEY: values.STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: values.STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: values.STRIPE_PRICE_BASIC,
      STRIPE_PRICE_PRO: values.STRIPE_PRICE_PRO,
      STRIPE_PRICE_PREMIUM: values.STRIPE_PRICE_PREMIUM,
    };
    const missing = Object.entries(required)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(", ")} required when STRIPE_SECRET_KEY is set`);
    }
    stripe = {
      secretKey: values.STRIPE_SECRET_KEY,
      publishableKey: required.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: required.STRIPE_WEBHOOK_SECRET!,
      prices: { basic: required.STRIPE_PRICE_BASIC!, pro: required.STRIPE_PRICE_PRO!, premium: required.STRIPE_PRICE_PREMIUM! },
    };
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  let standIns: Config["standIns"] = "local";
  if (!isThisMachine(publicUrl)) {
    standIns = values.ALLOW_STAND_INS === "true" ? "allowed" : "off";
    const problems = standIns === "off" ? standInProblems(publicUrl, values) : [];
    if (problems.length > 0) {
      throw new ConfigError(
        `Invalid configuration: PUBLIC_URL ${publicUrl} is not on this machine, so people will use it, but ${problems.join("; ")}. Set ${problems.length > 1 ? "them" : "it"}, or ALLOW_STAND_INS=true for a demo or staging server.`,
      );
    }
  }
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir,
    releasesDir: resolve(values.RELEASES_DIR),
    databaseUrl: values.DATABASE_URL,
    sessionSecret: values.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    adminEmails: values.ADMIN_EMAILS,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    stripe,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    standIns,
  };
}

/** `PORT=` in a .env file means "not set", like an absent variable. */
function withoutEmptyDefaults(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const known = configVariables.map((variable) => variable.name as string);
  return Object.fromEntries(
    Object.entries(env).filter(([name, value]) => known.includes(name) && value !== undefined && value.trim() !== ""),
  );
}
