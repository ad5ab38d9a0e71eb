import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../mail/create-mailer";
import { useTestApp } from "../test/test-app";

/** An SMTP server in this process stands in for the mail provider: the app's real SMTP path is used. */
const received: Buffer[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push(Buffer.concat(chunks));
      callback();
    });
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => (smtp.server.listening ? smtp.close(() => resolve()) : resolve())));

describe("sign-in mail over SMTP_URL", () => {
  const mailer = {
    // Created lazily: the port is known only once the SMTP server listens.
    inner: undefined as ReturnType<typeof createMailer> | undefined,
    get() {
      this.inner ??= createMailer(
        { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "TabVault <no-reply@tabvault.test>", dataDir: "/unused" },
        { info: () => undefined },
      );
      return this.inner;
    },
  };
  const server = useTestApp({
    mailer: { send: (message) => mailer.get().send(message), close: () => mailer.get().close(), verify: () => mailer.get().verify() },
  });

  it("reaches the SMTP server with the sign-in link", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/login?email=smtp-reader@example.com" });
    expect(response.statusCode).toBe(303);
    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0]!);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("smtp-reader@example.com");
    expect(parsed.subject).toBe("Sign in to TabVault");
    expect(parsed.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/callback\?token=[A-Za-z0-9_-]{43}/);
  });

  it("sends the browser back to the sign-in screen when the SMTP server is gone", async () => {
    // The pooled connection goes first, else the server waits for it before closing.
    await mailer.get().close();
    mailer.inner = undefined;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const response = await server.app.inject({ method: "GET", url: "/api/login?email=smtp-late@example.com" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/sign-in?error=mail-failed&email=smtp-late%40example.com");
    const capture = await server.app.inject({
      method: "POST",
      url: "/api/capture-email",
      payload: { email: "smtp-new@example.com", source: "email_signup_modal" },
    });
    expect(capture.statusCode).toBe(503);
    expect(capture.json().message).toMatch(/could not send the email/);
  });
});
