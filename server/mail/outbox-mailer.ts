import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer";

export interface MailLog {
  info(details: object, message: string): void;
}

/**
 * The local default when no SMTP server is configured: each message is composed by nodemailer into
 * a complete RFC 822 message and written as `{outboxDir}/{time}-{random}.eml`; in development its links
 * are logged too, so a fresh `npm start` can sign in by copying the link from the log or the file.
 * `clock` dates the message and names its file; readers of the outbox sort by that name, so a clock
 * given here must move forward.
 */
export function createOutboxMailer(
  { outboxDir, mailFrom, logLinks = true, clock = () => new Date() }: { outboxDir: string; mailFrom: string; logLinks?: boolean; clock?: () => Date },
  log: MailLog,
): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message: MailMessage) {
      const now = clock();
      const info = await composer.sendMail({
        from: mailFrom,
        date: now,
        to: message.to,
        subject: message.subject,
        text: readablePart("text/plain", message.text),
        html: readablePart("text/html", message.html),
      });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("nodemailer did not return the composed message as a buffer");
      await mkdir(outboxDir, { recursive: true });
      const name = `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = join(outboxDir, name);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, raw, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // Links carry sign-in tokens: printed for a developer's `npm start`, never outside development.
      log.info(
        { to: message.to, subject: message.subject, file, ...(logLinks ? { links: linksIn(message.text) } : {}) },
        "mail written to the outbox (no SMTP_URL)",
      );
    },
    async close() {
      composer.close();
    },
    async verify() {
      await mkdir(outboxDir, { recursive: true });
      await access(outboxDir, constants.W_OK);
    },
  };
}

/** RFC 5322: a line of a message is at most 998 octets, CRLF not counted. */
const MAX_LINE_OCTETS = 998;

/**
 * A part written as it reads: nodemailer would send these as quoted-printable, which wraps lines at 76
 * characters with a trailing `=` and writes every `=` as `=3D`, so a sign-in link copied out of the file
 * in a text editor was broken. Unencoded UTF-8 (8bit, or 7bit when it is all ASCII) is just as
 * valid in a file and keeps each link whole on its line; only a part with a line too long for any mail
 * is left to nodemailer's encoding. Real SMTP mail (smtp-mailer.ts) keeps nodemailer's choice, which every
 * relay accepts.
 */
function readablePart(type: "text/plain" | "text/html", content: string): string | { raw: string } {
  const lines = content.split(/\r?\n/);
  if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS || line.includes("\r"))) return content;
  const encoding = /^[\x20-\x7e\t]*$/.test(lines.join("")) ? "7bit" : "8bit";
  return { raw: `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${lines.join("\r\n")}` };
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}
