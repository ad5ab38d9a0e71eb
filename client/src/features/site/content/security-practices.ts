import { KDF_ITERATIONS } from "@common/end-to-end-encryption";
import { deviceTokenNever } from "@common/device-token-reach";
import { DEVICE_TOKEN_IDLE_DAYS, SESSION_LIFETIME_DAYS, SIGN_IN_LINK_MINUTES } from "@common/product";
import { Cookie, CreditCard, DatabaseBackup, Gauge, KeyRound, Lock, type LucideIcon, ScrollText, ShieldCheck, Smartphone } from "lucide-react";

export interface SecurityPractice {
  /** The anchor, e.g. /security#payments. */
  id: string;
  icon: LucideIcon;
  title: string;
  points: string[];
}

/**
 * `/security`: what the service does, one card per area, each point true of the code today (see
 * docs/product.md). No certification or audit is claimed, because none has been done.
 */
export const securityPractices: SecurityPractice[] = [
  {
    id: "sign-in",
    icon: KeyRound,
    title: "Sign-in without passwords",
    points: [
      `You sign in with a link we email to you. It carries 32 random bytes, works once, and expires after ${SIGN_IN_LINK_MINUTES} minutes.`,
      "We store only a SHA-256 hash of each link, so a copy of our database cannot be used to sign anyone in.",
      "Opening a link only asks “Sign in as …?” with the address it belongs to; you sign in with a click on our own site, so no other site can sign your browser in to an account of its choosing.",
      "The sign-in form answers the same whether or not an account exists, so it cannot be used to find out who uses TabVault.",
      "Sign-in emails are rate-limited per address and per network, so nobody can flood your inbox.",
    ],
  },
  {
    id: "sessions",
    icon: Cookie,
    title: "Sessions kept on the server",
    points: [
      "Your browser holds one cookie with a random session id. It is httpOnly (page scripts cannot read it), SameSite=Lax, Secure over HTTPS, and sent only to our API.",
      "The session itself lives in our database, keyed by a hash of its id. Signing out ends it on the server, not just in your browser.",
      `A fresh session id is issued at every sign-in, and sessions end after ${SESSION_LIFETIME_DAYS} days.`,
    ],
  },
  {
    id: "connections",
    icon: Lock,
    title: "Encrypted connections",
    points: [
      "TabVault is served over HTTPS, so everything between your device and our servers, backups included, is encrypted with TLS.",
      "HTTP Strict Transport Security (HSTS) tells browsers to use only HTTPS for our site and its subdomains for a year after each visit.",
    ],
  },
  {
    id: "browser",
    icon: ShieldCheck,
    title: "Protections in your browser",
    points: [
      "A strict Content Security Policy lets our pages load scripts only from TabVault itself and, for the card form, from Stripe.",
      "Other sites cannot show our pages inside a frame, which prevents clickjacking.",
      "Every request that changes data must come from TabVault's own pages (checked with Fetch Metadata and Origin headers), which stops cross-site request forgery.",
    ],
  },
  {
    id: "limits",
    icon: Gauge,
    title: "Limits against abuse",
    points: [
      "Sign-in, account lookups, contact messages, downloads, payments and backups each have rate limits. A client that goes over gets a clear “try again in …” answer.",
      "Request bodies, headers and parameters have size limits, and slow or idle connections are closed, so one client cannot tie the service up.",
    ],
  },
  {
    id: "apps",
    icon: Smartphone,
    title: "Connected apps",
    points: [
      "The browser extension and the Windows and Android apps each hold a device token, made when you confirm the device on the connect page (or create a token for an app in your dashboard). It is stored only as a SHA-256 hash.",
      "The server gives each token the reach of its kind of device, never what the device asks for, and the connect page lists everything that token can read and change before you confirm. The extension's reaches your backups, open tabs, protection settings and the automation rules it runs; an app's also your name, analytics and reports.",
      `No device reaches these, only your signed-in browser: ${deviceTokenNever.charAt(0).toLowerCase()}${deviceTokenNever.slice(1)}`,
      `You can revoke a token at any time. A token unused for ${DEVICE_TOKEN_IDLE_DAYS} days stops working, and “Sign out everywhere” ends every session and token at once. In a team, the owner sees everyone's connected devices and admins only members'.`,
    ],
  },
  {
    id: "payments",
    icon: CreditCard,
    title: "Payments",
    points: [
      "Card details are typed into Stripe's own form, served from Stripe's servers. They never touch ours.",
      "Messages from Stripe about payments are accepted only with a valid Stripe signature, and each one is applied exactly once.",
      "The server prices every plan from its own catalogue and refuses any other amount.",
    ],
  },
  {
    id: "backups",
    icon: DatabaseBackup,
    title: "Your backups",
    points: [
      "Passwords, hidden fields, fields marked autocomplete=off and anything that looks like a card number are left out on your device, before a backup is sent.",
      "Whatever a device sends, our server drops fields named as passwords, one-time codes or card security codes, and anything that looks like a card number, before a backup is stored.",
      "Every backup belongs to one account. Requests for anyone else's backups are refused.",
      `What you type into forms can be end-to-end encrypted: set a passphrase on your Account page and the web app seals form entries with AES-256-GCM, under a key made from the passphrase with PBKDF2-SHA-256 (${KDF_ITERATIONS.toLocaleString("en-US")} rounds), before they are sent. We store only the sealed form and cannot open it, or recover it if the passphrase is lost.`,
      "Tab titles and addresses are encrypted the same way only if you also choose “Also encrypt titles and addresses” on your Account page. Otherwise the service can read them, because it searches, summarises and shares them for you; encrypted ones are left out of search, summaries, duplicate removal, team sharing and every export but TabVault JSON.",
    ],
  },
  {
    id: "operations",
    icon: ScrollText,
    title: "Logs and errors",
    points: [
      "Sign-in tokens, download signatures, cookies and authorization headers are removed before anything is written to our logs.",
      "When something goes wrong on our side, you see a plain error message; internal details stay in our logs.",
      "The System Status page shows a live check of every part of the service, and any incidents.",
    ],
  },
];
