import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { readOutbox } from "../test/mail-outbox";
import { createMailer } from "./create-mailer";
import { signInMessage, verificationMessage } from "./messages";

function recordingLog() {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  return { entries, info: (details: object, message: string) => entries.push({ details: details as Record<string, unknown>, message }) };
}

describe("the outbox mailer (no SMTP_URL)", () => {
  it("writes a complete RFC 822 message with text and HTML parts, and logs its links", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tabvault-outbox-"));
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "TabVault <no-reply@tabvault.test>", dataDir }, log);
    await mailer.send({
      to: "reader@example.com",
      subject: "Sign in to TabVault",
      text: "Open https://tabvault.test/api/auth/callback?token=abc to sign in.",
      html: "<p>Open <a href=\"https://tabvault.test/api/auth/callback?token=abc\">this link</a></p>",
    });

    const files = await readdir(join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(join(dataDir, "mail", files[0]!));
    const parsed = await simpleParser(raw);
    expect(parsed.from?.text).toBe('"TabVault" <no-reply@tabvault.test>');
    expect(parsed.subject).toBe("Sign in to TabVault");
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(parsed.text).toContain("https://tabvault.test/api/auth/callback?token=abc");
    expect(parsed.html).toContain('href="https://tabvault.test/api/auth/callback?token=abc"');
    expect(raw.toString()).toMatch(/multipart\/alternative/);

    expect(log.entries).toEqual([
      {
        message: expect.stringContaining("outbox"),
        details: expect.objectContaining({
          to: "reader@example.com",
          links: ["https://tabvault.test/api/auth/callback?token=abc"],
        }),
      },
    ]);
    await mailer.close();
  });

  it("writes every link whole on one line of the file, so a person can copy it from a text editor as it stands", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tabvault-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "TabVault <no-reply@tabvault.test>", dataDir }, recordingLog());
    // As long as real links are: a 43-character token behind a public URL with a port.
    const link = "http://localhost:3000/api/auth/callback?token=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV";
    const downloadUrl = "http://localhost:3000/download";
    await mailer.send({ to: "reader@example.com", ...verificationMessage({ link, minutesValid: 15, downloadUrl }) });
    await mailer.send({ to: "reader@example.com", ...signInMessage({ link, minutesValid: 15 }) });

    const files = (await readdir(join(dataDir, "mail"))).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const asText = await readFile(join(dataDir, "mail", file), "utf8");
      // What a person copies out of the file: each address up to the first space, quote or line end.
      const found = asText.match(/https?:\/\/[^\s"<>]+/g) ?? [];
      expect(found.length, file).toBeGreaterThan(0);
      expect(new Set(found), file).toEqual(new Set(file === files[0] ? [link, downloadUrl] : [link]));
      // The file is still a mail any client reads, with both parts.
      const parsed = await simpleParser(Buffer.from(asText));
      expect(parsed.text).toContain(link);
      expect(parsed.html).toContain(`href="${link}"`);
      expect(asText.split("\n").every((line) => Buffer.byteLength(line) <= 998), "RFC 5322 line length").toBe(true);
    }
    await mailer.close();
  });

  it("dates the message and names its file by the clock it is given", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tabvault-outbox-"));
    const clock = () => new Date("2026-11-23T10:00:00.123Z");
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "no-reply@tabvault.test", dataDir, clock }, recordingLog());
    await mailer.send({ to: "reader@example.com", subject: "Dated", text: "t", html: "<p>t</p>" });
    const files = await readdir(join(dataDir, "mail"));
    expect(files).toEqual([expect.stringMatching(/^2026-11-23T10-00-00-123Z-[0-9a-f]{8}\.eml$/)]);
    const [mail] = await readOutbox(join(dataDir, "mail"));
    expect(mail?.date?.toISOString()).toBe("2026-11-23T10:00:00.000Z");
    await mailer.close();
  });

  it("gives every message its own file, however fast they come", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tabvault-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "no-reply@tabvault.test", dataDir }, recordingLog());
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        mailer.send({ to: `r${index}@example.com`, subject: `n${index}`, text: "t", html: "<p>t</p>" }),
      ),
    );
    const mails = await readOutbox(join(dataDir, "mail"));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(Array.from({ length: 10 }, (_, index) => `n${index}`).sort());
  });
});
