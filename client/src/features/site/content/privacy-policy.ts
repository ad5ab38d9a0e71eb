import { plans, planTypes, storageText, THINNING_TEXT } from "@common/plan-catalogue";
import {
  ACCOUNT_DELETION_DAYS,
  EVENT_RETENTION_DAYS,
  MINIMUM_AGE,
  PRODUCT_NAME,
  SESSION_LIFETIME_DAYS,
  SIGN_IN_LINK_MINUTES,
  RATE_LIMIT_COUNTER_HOURS,
  SUPPORT_EMAIL,
  SUPPORT_REPLY_HOURS,
} from "@common/product";
import { notProtectedByEncryption, protectedByEncryption } from "./end-to-end-protection";
import type { InlineLink, LongFormDocument } from "./long-form";

const contactPage: InlineLink = { href: "/contact", label: "contact page" };
const accountPage: InlineLink = { href: "/account", label: "Account page" };
const supportEmail: InlineLink = { href: `mailto:${SUPPORT_EMAIL}`, label: SUPPORT_EMAIL };

/** `/privacy`: what the service stores and why, written from what the code actually keeps. */
export const privacyPolicy: LongFormDocument = {
  eyebrow: "Legal",
  title: "Privacy Policy",
  lead: `${PRODUCT_NAME} keeps copies of your tabs so you can get them back. This policy says exactly what we store, why, who else sees it, and how to have it deleted.`,
  updated: "2026-11-28",
  summary: {
    heading: "The short version",
    points: [
      "We store your email address, your backups and your protection settings: what it takes to sign you in and give your tabs back.",
      "Backups never contain passwords, hidden form fields, fields marked autocomplete=off or anything that looks like a card number.",
      "You sign in with a link sent to your email. There is no password to leak.",
      "One cookie keeps you signed in. No advertising or analytics cookies.",
      "Card payments are handled by Stripe. Your card number never reaches our servers.",
      "When you delete your account, its data is deleted at once, and your address is removed from everything else we hold; payment records are kept without your name or address.",
      `${PRODUCT_NAME} is not for children under ${MINIMUM_AGE}.`,
    ],
  },
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      body: [
        `${PRODUCT_NAME} ("we", "us") runs this website, the ${PRODUCT_NAME} web app and the ${PRODUCT_NAME} apps for Windows and Android. This policy covers the personal data we process when you use any of them.`,
        ["For any question about your data, write to ", supportEmail, " or use the ", contactPage, "."],
      ],
    },
    {
      id: "what-we-store",
      heading: "What we store",
      body: [
        "We store only what the service needs to work. Depending on what you use, that is:",
        {
          definitions: [
            {
              term: "Account",
              text: "Your email address; the first and last name and profile picture address if you add them; your plan; when you signed up, confirmed your email and last signed in; and which sign-up button you used.",
            },
            {
              term: "Tab backups",
              text: "For each backed-up tab: its address (URL), title, icon address, whether it was the active tab, when it was last used, how far you had scrolled, and the values you typed into its form fields. With the backup we keep its name, what triggered it (for example a blocked Clear All or a manual save), and the device name and browser type the app reported.",
            },
            {
              term: "What backups never hold",
              text: "Password fields (and fields that were ever password fields), hidden fields, fields marked autocomplete=off, values you did not change from the page's default, and anything that looks like a payment card number. These are left out on your device, before anything is sent.",
            },
            {
              term: "Windows app backups",
              text: "When the Windows app backs up after a window is closed: the names of the open applications, their window titles, the paths of the documents they had open, and whether those had unsaved changes. Not the documents themselves.",
            },
            {
              term: "Protection settings",
              text: "Whether protection is on, Block or Backup mode, the feature switches you chose, how many Clear All attempts were blocked, and a list of protection events, such as a blocked Clear All (with the address of the page it happened on), a backup or a restore.",
            },
            {
              term: "Payments",
              text: "The plan, amount, currency and status of each payment, and Stripe's reference numbers for the payment, subscription and customer. We never receive or store card numbers.",
            },
            {
              term: "App and extension connections",
              text: "For each browser extension or Windows or Android app you connect: the name it gave itself or you gave it, its kind, and when it was created and last used. The access token itself is stored only as a one-way hash.",
            },
            {
              term: "Teams",
              text: "If you are in a team: its name, your role and when you joined, the backups you share with it, and its policy. The team's owner and admins see your name, email address and role; the owner sees your connected browsers and apps, and admins see those of members only. The team's audit log, which its owner reads, records who invited, joined, changed a role, removed, disconnected, shared or changed the policy, by email address.",
            },
            {
              term: "Support messages",
              text: "The name, email address, subject and message you send through the contact form.",
            },
            {
              term: "Server logs",
              text: "Each request to our servers is logged with its time, address and your IP address, to keep the service running and to stop abuse. Sign-in links, cookies and access tokens are removed from the logs.",
            },
          ],
        },
        "We also count downloads per platform and day, and record when the installed web app is opened. Neither count is linked to your account.",
      ],
    },
    {
      id: "how-we-use-it",
      heading: "How we use it",
      body: [
        {
          list: [
            "To sign you in, keep your backups and restore them when you ask.",
            "To apply your plan: how many tabs a day are protected and how many backups are kept.",
            "To take payments and send receipts.",
            "To send the emails the service needs: sign-in links, address confirmation and receipts. We do not send marketing email.",
            "To answer you when you write to support.",
            "To keep the service secure: rate limits, abuse prevention and investigating errors.",
          ],
        },
        "We do not sell your data, share it with advertisers, or use it to build a profile of you. We do not look inside your backups except to restore them for you, or to investigate a problem you report and ask us to look at.",
      ],
    },
    {
      id: "sign-in",
      heading: "Signing in by email link",
      body: [
        `${PRODUCT_NAME} has no passwords. When you sign in, we email you a link. The link works once and expires after ${SIGN_IN_LINK_MINUTES} minutes; we store only a one-way hash of it, so even someone reading our database could not use it. Anyone who can read your email can sign in to your account, so keep your mailbox secure.`,
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and storage on your device",
      body: [
        `We set one cookie, tabvault_session, when you sign in. It holds a random session identifier, is sent only to our API, cannot be read by scripts on the page, and lasts at most ${SESSION_LIFETIME_DAYS} days or until you sign out. We use no advertising, analytics or other tracking cookies, so there is no cookie banner to click through.`,
        "The web app also keeps a few settings in your browser's local storage: whether protection is on, Block or Backup mode, your automatic backup and cloud sync choices, the number of blocked Clear All attempts, and a list of up to 20 pages you recently opened on this site. Clearing your browser's site data removes them. While you go from choosing a plan to paying, the email address you entered is kept in the tab's session storage.",
        [
          "On payment pages the card form is provided by Stripe, which may set its own cookies to prevent fraud. Stripe's ",
          { href: "https://stripe.com/privacy", label: "privacy policy" },
          " explains them.",
        ],
      ],
    },
    {
      id: "payments",
      heading: "Payments",
      body: [
        "Card details are typed into a form that Stripe serves from its own servers. They go straight to Stripe; they never pass through or are stored on ours. Stripe tells us whether a payment succeeded, the amount, and reference numbers we keep to match payments with your account and to issue refunds.",
      ],
    },
    {
      id: "sharing",
      heading: "Who else sees your data",
      body: [
        "We share personal data only with the services we need to run TabVault, and only what each one needs:",
        {
          list: [
            "Stripe, which processes card payments.",
            "Our email delivery provider, which delivers sign-in links and receipts to your address.",
            "Our hosting provider, whose servers run TabVault and store its database.",
          ],
        },
        "We disclose data to authorities only when the law requires it, and we tell you when we are allowed to.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      body: [
        {
          list: [
            `Backups are kept until you delete them, or until a newer backup replaces the oldest one under your plan: the Free plan keeps ${String(plans.free.limits.backupsKept)}, Basic keeps ${String(plans.basic.limits.backupsKept)}, Pro and Premium keep manual saves and emergency backups until you delete them. ${THINNING_TEXT}, on every plan with automatic backups. Each plan stores up to ${planTypes.map((type) => `${storageText(plans[type].limits.storageBytes)} (${plans[type].name})`).join(", ")} of backups. You can delete any backup yourself in the Session Manager.`,
            `Protection events (the history on your dashboard) and anonymous app events are deleted after ${EVENT_RETENTION_DAYS} days.`,
            `Sign-in links are deleted a day after they are used or expire. A signed-in session ends after ${SESSION_LIFETIME_DAYS} days, or when you sign out.`,
            `Rate-limit counters, which hold an IP address or a one-way hash of an email address, are deleted within ${RATE_LIMIT_COUNTER_HOURS} hours.`,
            "Support messages are kept while we help you and as a record of what was agreed.",
            "Payment records are kept for as long as accounting and tax law requires; once your account is deleted, without your name or email address.",
          ],
        },
        [
          "To delete your account, use Delete my account on your ",
          accountPage,
          ": we email you a link, and when you confirm on our site your profile, backups with their tabs, form data, tags and notes, settings, protection events, automation rules, app and extension connections, sessions, your team membership (and the team you own, with its policy and audit log), invitations sent to your address and the messages you sent us through the contact form are deleted at once. In other teams' audit logs, in a team policy you last changed and in announcements you wrote as an admin, your address is replaced at once by an anonymous id such as “(deleted account 4f2a9c1e)”, so the team still sees what was done but not by whom. Payment records are kept for accounting and tax law only, with the amount, date, plan and payment references but without your name or email address.",
        ],
        ["The same page exports all your data as one JSON file: your account, backups with their tags, notes and pins, settings, events, automation rules, your team, payments and devices. The file's format is versioned and documented."],
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      body: [
        "You can ask us for a copy of the personal data we hold about you, have it corrected, have it deleted, or object to how we use it. You can change your name in your profile, delete backups, export all your data and delete your account yourself at any time, on your Account page.",
        [
          `Send requests through the `,
          contactPage,
          ` or to `,
          supportEmail,
          `. We reply within ${SUPPORT_REPLY_HOURS} hours and complete requests within ${ACCOUNT_DELETION_DAYS} days. To protect your account, we act on requests sent from the account's own email address, or ask you to confirm that you own it. You may also complain to your local data protection authority.`,
        ],
      ],
    },
    {
      id: "children",
      heading: "Children",
      body: [
        `${PRODUCT_NAME} is not for children under ${MINIMUM_AGE}, and children under ${MINIMUM_AGE} may not create an account. We do not knowingly collect data from them. If we learn that an account belongs to a child under ${MINIMUM_AGE}, we close it and delete its data within ${ACCOUNT_DELETION_DAYS} days.`,
        [`If you believe a child under ${MINIMUM_AGE} has given us their data, please tell us through the `, contactPage, "."],
      ],
    },
    {
      id: "security",
      heading: "How we protect your data",
      body: [
        [
          "All traffic to TabVault is encrypted with HTTPS, sign-in links and app tokens are stored only as hashes, and card data never reaches us. The ",
          { href: "/security", label: "Security page" },
          " describes these measures in detail.",
        ],
      ],
    },
    {
      // The same sentences as the Security page's (C504–C513): one place says what encryption protects.
      id: "end-to-end-encryption",
      heading: "What end-to-end encryption protects, and what it does not",
      body: [
        "Protected, even from us:",
        { list: protectedByEncryption.map(({ text }) => text) },
        "Not protected:",
        { list: notProtectedByEncryption.map(({ text }) => text) },
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      body: [
        "When we change this policy we publish the new version here with a new date. If a change affects what we store or who sees it, we email account holders before it takes effect.",
      ],
    },
  ],
};
