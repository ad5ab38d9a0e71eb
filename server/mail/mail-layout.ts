import { PRODUCT_NAME, SUPPORT_EMAIL } from "@common/product";

export interface MailContent {
  /** The line mail clients show beside the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. why the person got this mail. */
  footnote?: string;
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** One message in both parts: readable plain text, and simple table-based HTML with inline styles. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    "--",
    `${PRODUCT_NAME} · ${SUPPORT_EMAIL}`,
  ].join("\n");

  const paragraphHtml = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(paragraph)}</p>`)
    .join("\n");
  const actionHtml = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#4f46e5">
<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const footnoteHtml = content.footnote
    ? `<p style="margin:0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(content.footnote)}</p>`
    : "";

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(content.heading)}</h1>
${paragraphHtml}
${actionHtml}
${footnoteHtml}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#94a3b8">${escapeHtml(PRODUCT_NAME)} · <a href="mailto:${escapeHtml(SUPPORT_EMAIL)}" style="color:#94a3b8">${escapeHtml(SUPPORT_EMAIL)}</a></p>
</td></tr></table>
</body></html>`;
  return { text, html };
}
