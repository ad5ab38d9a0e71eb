import { describe, expect, it } from "vitest";
import { renderMail } from "./mail-layout";
import { receiptMessage, signInMessage, verificationMessage } from "./messages";

describe("mail messages", () => {
  const link = "https://tabvault.test/api/auth/callback?token=abc&x=1";

  it("sign-in: subject, the link in both parts, how long it works", () => {
    const message = signInMessage({ link, minutesValid: 15 });
    expect(message.subject).toBe("Sign in to TabVault");
    expect(message.text).toContain(link);
    expect(message.text).toContain("15 minutes");
    expect(message.html).toContain("https://tabvault.test/api/auth/callback?token=abc&amp;x=1");
  });

  it("verification: the confirm link and the way to download the apps", () => {
    const message = verificationMessage({ link, minutesValid: 15, downloadUrl: "https://tabvault.test/download" });
    expect(message.subject).toMatch(/Confirm your email/);
    expect(message.text).toContain(link);
    expect(message.text).toContain("https://tabvault.test/download");
    expect(message.html).toContain("https://tabvault.test/download");
  });

  it("receipt: plan, amount with cents, UTC date and reference", () => {
    const message = receiptMessage({
      planName: "Pro",
      amountCents: 1400,
      currency: "usd",
      paidAt: new Date("2026-11-23T10:05:00Z"),
      paymentId: "pay_123",
      dashboardUrl: "https://tabvault.test/",
    });
    expect(message.subject).toBe("Your TabVault receipt");
    expect(message.text).toContain("$14.00");
    expect(message.text).toContain("November 23, 2026");
    expect(message.text).toContain("UTC");
    expect(message.text).toContain("pay_123");
  });

  it("escapes everything it puts into HTML", () => {
    const { html, text } = renderMail({
      preheader: "<b>p</b>",
      heading: "Hello <script>alert(1)</script>",
      paragraphs: ['"quoted" & <img src=x onerror=alert(1)>'],
      action: { label: "Go", url: 'https://x.test/"><script>' },
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(text).toContain("Hello <script>alert(1)</script>");
  });
});
