import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, configVariables, loadConfig } from "./config";

/** The real services a deployment others use must configure: mail and Stripe. */
const realServices = {
  SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  STRIPE_PRICE_BASIC: "price_b",
  STRIPE_PRICE_PRO: "price_p",
  STRIPE_PRICE_PREMIUM: "price_x",
};

describe("loadConfig", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tabvault-config-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("applies the defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      dataDir,
      releasesDir: expect.stringMatching(/releases$/),
      databaseUrl: undefined,
      adminEmails: [],
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "TabVault <no-reply@localhost>",
      stripe: undefined,
      logLevel: "info",
      trustProxy: false,
      standIns: "local",
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://tabvault.example/",
      DATA_DIR: dataDir,
      RELEASES_DIR: "/srv/tabvault/releases",
      DATABASE_URL: "postgres://app@db:5432/tabvault",
      SESSION_SECRET: "s".repeat(40),
      ADMIN_EMAILS: " Ada@Example.com, ,grace@example.com ",
      REDIS_URL: "redis://cache:6379",
      MAIL_FROM: "TabVault <hello@tabvault.example>",
      ...realServices,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "2",
      UNRELATED: "ignored",
    });
    expect(config).toEqual({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://tabvault.example",
      dataDir,
      releasesDir: "/srv/tabvault/releases",
      databaseUrl: "postgres://app@db:5432/tabvault",
      sessionSecret: "s".repeat(40),
      adminEmails: ["ada@example.com", "grace@example.com"],
      redisUrl: "redis://cache:6379",
      smtpUrl: "smtps://mailer:secret@smtp.example.com:465",
      mailFrom: "TabVault <hello@tabvault.example>",
      stripe: {
        secretKey: "sk_live_abc",
        publishableKey: "pk_live_abc",
        webhookSecret: "whsec_abc",
        prices: { basic: "price_b", pro: "price_p", premium: "price_x" },
      },
      logLevel: "warn",
      trustProxy: 2,
      standIns: "off",
    });
  });

  it("names what Stripe still needs when only the secret key is set", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PRO, STRIPE_PRICE_PREMIUM required when STRIPE_SECRET_KEY is set/,
    );
  });

  it("accepts a bare address as MAIL_FROM", () => {
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: "no-reply@tabvault.example" }).mailFrom).toBe("no-reply@tabvault.example");
  });

  it("derives PUBLIC_URL from PORT and treats empty values as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: "4100", DATABASE_URL: "", TRUST_PROXY: "true" });
    expect(config.publicUrl).toBe("http://localhost:4100");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(true);
  });

  it.each([
    ["NODE_ENV", "staging"],
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PUBLIC_URL", "tabvault.example"],
    ["PUBLIC_URL", "ftp://tabvault.example"],
    ["DATABASE_URL", "mysql://db/tabvault"],
    ["SESSION_SECRET", "too-short"],
    ["ADMIN_EMAILS", "ada@example.com, not-an-email"],
    ["REDIS_URL", "http://cache"],
    ["SMTP_URL", "http://smtp.example.com"],
    ["SMTP_URL", "smtp.example.com"],
    ["MAIL_FROM", "TabVault"],
    ["STRIPE_SECRET_KEY", "pk_test_wrong_kind"],
    ["STRIPE_WEBHOOK_SECRET", "secret"],
    ["MAIL_FROM", "TabVault <not an address>"],
    ["LOG_LEVEL", "verbose"],
    ["TRUST_PROXY", "maybe"],
  ])("names %s when it is %j", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("names every bad variable at once", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: "x", LOG_LEVEL: "loud" })).toThrow(/PORT.*LOG_LEVEL/);
  });

  describe("the payment sandbox and the mail outbox run only on this machine, or when asked for", () => {
    it("stops a site that is not on this machine and would run the sandbox and the outbox, naming what is missing", () => {
      const start = () => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://tabvault.example" });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(/https:\/\/tabvault\.example is not on this machine/);
      expect(start).toThrow(/SMTP_URL is not set/);
      expect(start).toThrow(/STRIPE_SECRET_KEY is not set/);
      expect(start).toThrow(/ALLOW_STAND_INS=true/);
    });

    it("stops a site that is not on this machine on plain http, where cookies cannot be Secure", () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://tabvault.example", ...realServices })).toThrow(/PUBLIC_URL is not https/);
    });

    it("names only SMTP_URL for a production site without Stripe: payments are simply off there", () => {
      const start = () => loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://tabvault.example" });
      expect(start).toThrow(/SMTP_URL is not set/);
      expect(start).not.toThrow(/STRIPE_SECRET_KEY/);
    });

    it("starts a real deployment, and a demo server that asks for the stand-ins", () => {
      expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://tabvault.example", ...realServices }).standIns).toBe("off");
      const demo = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://demo.tabvault.example", ALLOW_STAND_INS: "true" });
      expect(demo.standIns).toBe("allowed");
    });

    it.each(["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000", "http://tabvault.localhost"])(
      "runs them for %s, as npm start on a fresh machine does",
      (url) => {
        expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: url }).standIns).toBe("local");
      },
    );

    it("refuses ALLOW_STAND_INS other than true or false", () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, ALLOW_STAND_INS: "yes" })).toThrow(/ALLOW_STAND_INS/);
    });
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET is required when NODE_ENV=production/,
    );
  });

  it("generates SESSION_SECRET once, privately, and reuses it", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("replaces a stored secret too short to use", () => {
    writeFileSync(join(dataDir, "session-secret"), "short");
    const secret = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(secret);
  });

  it("prefers SESSION_SECRET from the environment", () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "e".repeat(32) }).sessionSecret).toBe("e".repeat(32));
  });

  it("documents every variable", () => {
    expect(configVariables.map((variable) => variable.name)).toEqual([
      "NODE_ENV",
      "PORT",
      "HOST",
      "PUBLIC_URL",
      "DATA_DIR",
      "RELEASES_DIR",
      "DATABASE_URL",
      "SESSION_SECRET",
      "ADMIN_EMAILS",
      "REDIS_URL",
      "SMTP_URL",
      "MAIL_FROM",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_BASIC",
      "STRIPE_PRICE_PRO",
      "STRIPE_PRICE_PREMIUM",
      "LOG_LEVEL",
      "TRUST_PROXY",
      "ALLOW_STAND_INS",
    ]);
    for (const variable of configVariables) expect(variable.description.length).toBeGreaterThan(10);
  });
});
