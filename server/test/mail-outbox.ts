import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { linksIn } from "../mail/outbox-mailer";

export interface OutboxMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  date: Date | undefined;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
}

/** Every .eml the outbox mailer wrote into `dir`, parsed, oldest first (file names sort by time). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(join(dir, name)));
      const text = parsed.text ?? "";
      return {
        file: name,
        to: parsed.to ? (Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : parsed.to.text) : "",
        from: parsed.from?.text ?? "",
        subject: parsed.subject ?? "",
        date: parsed.date,
        text,
        html: typeof parsed.html === "string" ? parsed.html : "",
        links: linksIn(text),
      };
    }),
  );
}

/** The newest message to `email`, or undefined. */
export async function latestMailTo(dir: string, email: string): Promise<OutboxMail | undefined> {
  const mails = await readOutbox(dir);
  return mails.filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase())).at(-1);
}
