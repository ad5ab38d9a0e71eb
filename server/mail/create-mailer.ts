import { join } from "node:path";
import type { Mailer } from "./mailer";
import { createOutboxMailer, type MailLog } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

/** SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/mail. */
export function createMailer(
  {
    smtpUrl,
    mailFrom,
    dataDir,
    logLinks = true,
    clock,
  }: { smtpUrl: string | undefined; mailFrom: string; dataDir: string; logLinks?: boolean; clock?: () => Date },
  log: MailLog,
): Mailer {
  if (smtpUrl) return createSmtpMailer({ smtpUrl, mailFrom });
  return createOutboxMailer({ outboxDir: join(dataDir, "mail"), mailFrom, logLinks, clock }, log);
}
