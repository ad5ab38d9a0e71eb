import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./create-mailer";
import { signInMessage } from "./messages";

interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

/** A real SMTP server in this process, on a free port, that keeps what it receives. */
async function startSmtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const noLog = { info: () => undefined };
const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("delivery over SMTP (SMTP_URL)", () => {
  it("delivers the sign-in message to the SMTP server with both parts", async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: "TabVault <no-reply@tabvault.test>", dataDir: "/nonexistent" },
      noLog,
    );
    const message = signInMessage({ link: "https://tabvault.test/api/auth/callback?token=xyz", minutesValid: 15 });
    await mailer.send({ to: "reader@example.com", ...message });
    await mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe("no-reply@tabvault.test");
    expect(mail?.to).toEqual(["reader@example.com"]);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe("Sign in to TabVault");
    expect(parsed.text).toContain("https://tabvault.test/api/auth/callback?token=xyz");
    expect(parsed.html).toContain("https://tabvault.test/api/auth/callback?token=xyz");
  });

  it("authenticates with the credentials in the URL", async () => {
    const logins: string[] = [];
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === "mailer" && auth.password === "p@ss word") callback(null, { user: auth.username });
        else callback(new Error("Invalid credentials"));
      },
    });
    servers.push(smtp);
    const mailer = createMailer(
      { smtpUrl: `smtp://mailer:${encodeURIComponent("p@ss word")}@127.0.0.1:${smtp.port}`, mailFrom: "no-reply@tabvault.test", dataDir: "/x" },
      noLog,
    );
    await mailer.send({ to: "reader@example.com", subject: "s", text: "t", html: "<p>t</p>" });
    await mailer.close();
    expect(logins).toEqual(["mailer:p@ss word"]);
    expect(smtp.received).toHaveLength(1);
  });

  it("rejects when the server refuses the recipient", async () => {
    const smtp = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        callback(address.address.endsWith("@blocked.example") ? new Error("Mailbox unavailable") : undefined);
      },
    });
    servers.push(smtp);
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: "no-reply@tabvault.test", dataDir: "/x" },
      noLog,
    );
    await expect(mailer.send({ to: "someone@blocked.example", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow();
    await mailer.close();
    expect(smtp.received).toHaveLength(0);
  });
});
