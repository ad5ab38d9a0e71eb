import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer";

/**
 * Real delivery through an SMTP server (SMTP_URL: smtp:// or smtps://, credentials in the URL).
 * Pooled connections; a refusal by the server rejects `send`, so the caller can say the mail failed.
 */
export function createSmtpMailer({ smtpUrl, mailFrom }: { smtpUrl: string; mailFrom: string }): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from: mailFrom, ...message });
    },
    async close() {
      transport.close();
    },
    async verify() {
      await transport.verify();
    },
  };
}
