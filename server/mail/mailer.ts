/** One outgoing message; every message has a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where mail goes: real SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/mail.
 * Routes depend on this interface only, so tests drive the same code with either adapter.
 */
export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections at shutdown. */
  close(): Promise<void>;
  /** Rejects when mail cannot be sent right now (the SMTP server, or the outbox directory). */
  verify(): Promise<void>;
}
