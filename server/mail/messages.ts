import { PRODUCT_NAME } from "@common/product";
import { renderMail } from "./mail-layout";

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export function signInMessage({ link, minutesValid }: { link: string; minutesValid: number }): ComposedMail {
  return {
    subject: `Sign in to ${PRODUCT_NAME}`,
    ...renderMail({
      preheader: `Your sign-in link works once, for ${minutesValid} minutes.`,
      heading: `Sign in to ${PRODUCT_NAME}`,
      paragraphs: [`Open this link to sign in. It works once, for the next ${minutesValid} minutes.`],
      action: { label: "Sign in", url: link },
      footnote: "If you didn't ask to sign in, ignore this email: nobody can sign in without opening the link.",
    }),
  };
}

export function verificationMessage({
  link,
  minutesValid,
  downloadUrl,
}: {
  link: string;
  minutesValid: number;
  downloadUrl: string;
}): ComposedMail {
  return {
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    ...renderMail({
      preheader: "Confirm your address and sign in: one click.",
      heading: `Welcome to ${PRODUCT_NAME}`,
      paragraphs: [
        "Open the link below to confirm your email address and sign in to your free account.",
        `The apps for Windows and Android are on the download page: ${downloadUrl}`,
        `The link works once, for ${minutesValid} minutes. After that, ask for a new one on the sign-in page.`,
      ],
      action: { label: "Confirm my email", url: link },
      footnote: "If you didn't sign up, ignore this email and no account will be confirmed.",
    }),
  };
}

const paidAtFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export function receiptMessage({
  planName,
  amountCents,
  paidAt,
  paymentId,
  dashboardUrl,
}: {
  planName: string;
  amountCents: number;
  currency: "usd";
  paidAt: Date;
  paymentId: string;
  dashboardUrl: string;
}): ComposedMail {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  return {
    subject: `Your ${PRODUCT_NAME} receipt`,
    ...renderMail({
      preheader: `${planName}: ${amount} paid.`,
      heading: "Thank you for your payment",
      paragraphs: [
        `Plan: ${planName} (monthly)`,
        `Amount: ${amount} (USD)`,
        `Date: ${paidAtFormat.format(paidAt)} UTC`,
        `Reference: ${paymentId}`,
      ],
      action: { label: "Open your dashboard", url: dashboardUrl },
      footnote: "Keep this email for your records.",
    }),
  };
}

export function accountDeletionMessage({ link, minutesValid }: { link: string; minutesValid: number }): ComposedMail {
  return {
    subject: `Confirm deleting your ${PRODUCT_NAME} account`,
    ...renderMail({
      preheader: "One more click deletes your account and everything in it.",
      heading: `Delete your ${PRODUCT_NAME} account?`,
      paragraphs: [
        "You asked to delete your account. Open the link below and confirm on our site: your backups, settings, events, devices and sessions are deleted at once and cannot be brought back.",
        "Payment records stay, without your name or address, as the law requires us to keep them.",
        `The link works once, for ${minutesValid} minutes.`,
      ],
      action: { label: "Delete my account", url: link },
      footnote: "If you didn't ask for this, ignore this email: nothing is deleted without opening the link and confirming.",
    }),
  };
}

export function teamInvitationMessage({ link, teamName, invitedBy, daysValid }: { link: string; teamName: string; invitedBy: string; daysValid: number }): ComposedMail {
  return {
    subject: `Join ${teamName} on ${PRODUCT_NAME}`,
    ...renderMail({
      preheader: `${invitedBy} invited you to the team ${teamName}.`,
      heading: `Join ${teamName} on ${PRODUCT_NAME}`,
      paragraphs: [
        `${invitedBy} invited you to the team ${teamName}. Joining signs you in to ${PRODUCT_NAME} with this address (it makes an account if you have none) and gives you the team's plan while you belong to it.`,
        "Your own backups stay private: the team sees only what you share with it, your name and your connected browsers.",
        `The link works once, for ${daysValid} days.`,
      ],
      action: { label: `Join ${teamName}`, url: link },
      footnote: "If you don't know this team, ignore this email: nothing happens unless you open the link and confirm.",
    }),
  };
}

/** An admin's announcement (prices, terms, paid features), to every account with a verified address. */
export function announcementMessage({ subject, body }: { subject: string; body: string }): ComposedMail {
  return {
    subject: `${PRODUCT_NAME}: ${subject}`,
    ...renderMail({
      preheader: subject,
      heading: subject,
      paragraphs: body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
      footnote: `You get this because you have a ${PRODUCT_NAME} account: we email every account before prices, our terms or paid plans' features change.`,
    }),
  };
}
