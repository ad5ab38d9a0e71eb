import { formatPrice, paidPlanTypes, plans } from "@common/plan-catalogue";
import { ANNUAL_REFUND_DAYS, MINIMUM_AGE, MONEY_BACK_DAYS, PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from "@common/product";
import type { InlineLink, LongFormDocument } from "./long-form";

const contactPage: InlineLink = { href: "/contact", label: "contact page" };
const supportEmail: InlineLink = { href: `mailto:${SUPPORT_EMAIL}`, label: SUPPORT_EMAIL };

/** "Basic $8, Pro $14 and Premium $20", from the catalogue so the terms never quote a stale price. */
const paidPrices = paidPlanTypes.map((type) => `${plans[type].name} ${formatPrice(plans[type].priceCents)}`);
const paidPriceList = `${paidPrices.slice(0, -1).join(", ")} and ${paidPrices.at(-1) ?? ""}`;

/**
 * `/terms`. Spec 1 §1 advertises a 30-day money-back guarantee and says the terms give annual plans
 * refunds within 14 days. Every plan on sale is monthly, so the guarantee covers them; the 14-day rule
 * is stated for annual plans, with the note that none is on sale today.
 */
export const termsOfService: LongFormDocument = {
  eyebrow: "Legal",
  title: "Terms of Service",
  lead: `The agreement between you and ${PRODUCT_NAME} when you use our website, web app and apps: what you get, what you pay, and what happens when you want your money back.`,
  updated: "2026-11-23",
  summary: {
    heading: "The main points",
    points: [
      `The Free plan costs nothing. Paid plans are priced per month: ${paidPriceList}.`,
      `${MONEY_BACK_DAYS}-day money-back guarantee: ask within ${MONEY_BACK_DAYS} days of your first payment for a paid plan and we refund it in full.`,
      `Annual plans, when offered, can be refunded within ${ANNUAL_REFUND_DAYS} days of purchase or renewal. All plans on sale today are monthly.`,
      "Cancel a subscription at any time. Your plan stays active until the end of the month you paid for.",
      `You must be at least ${MINIMUM_AGE} years old to use ${PRODUCT_NAME}.`,
      `${PRODUCT_NAME} lowers the risk of losing tabs, but no software can promise that nothing is ever lost. Keep your own copies of important work.`,
    ],
  },
  sections: [
    {
      id: "agreement",
      heading: "This agreement",
      body: [
        `These terms apply when you use the ${PRODUCT_NAME} website, the ${PRODUCT_NAME} web app and the ${PRODUCT_NAME} apps for Windows and Android (together, "the service"). By creating an account or using the service you accept them. If you do not accept them, please do not use the service.`,
        [
          "How we handle your personal data is described in our ",
          { href: "/privacy", label: "Privacy Policy" },
          ", which is part of these terms.",
        ],
      ],
    },
    {
      id: "eligibility",
      heading: "Who can use TabVault",
      body: [
        `You must be at least ${MINIMUM_AGE} years old. If you are under the age of majority where you live, a parent or guardian must agree to these terms for you. An account is for one person.`,
      ],
    },
    {
      id: "account",
      heading: "Your account",
      body: [
        "You sign in with a link we send to your email address, so whoever controls that mailbox controls your account. Keep it secure, and tell us at once if you think someone else has used your account.",
        "You are responsible for what happens under your account, including the devices you connect to it. You can revoke a connected Windows or Android app from your dashboard at any time.",
      ],
    },
    {
      id: "service",
      heading: "The service",
      body: [
        `${PRODUCT_NAME} blocks the Clear All and close-all actions of supported browsers, or backs up your open tabs (with form entries and scroll positions) so you can restore them. What each plan includes, such as how many tabs a day are protected and how many backups are kept, is shown on the pricing page when you choose it.`,
        "We improve the service over time and may change or remove features. If a change takes away something a paid plan included, we tell you by email before it happens, and you may cancel and ask for a refund of the unused part of the period you paid for.",
      ],
    },
    {
      id: "payment",
      heading: "Plans and payment",
      body: [
        `Paid plans are priced per month: ${paidPriceList}, in US dollars. You can pay for one month at a time, or subscribe so that the plan renews every month until you cancel. A subscription is charged at the start of each month to the card you gave.`,
        "Payments are processed by Stripe. Your card details go to Stripe, not to us.",
        "You can cancel a subscription at any time from your dashboard. Cancelling stops the next renewal; your plan stays active until the end of the month you already paid for, and the account then returns to the Free plan.",
        "If we change a plan's price, we tell you by email before the new price applies to you, so you can cancel first.",
      ],
    },
    {
      id: "refunds",
      heading: "Refunds and the money-back guarantee",
      body: [
        {
          definitions: [
            {
              term: "Monthly plans",
              text: `${MONEY_BACK_DAYS}-day money-back guarantee. If ${PRODUCT_NAME} is not right for you, ask for a refund within ${MONEY_BACK_DAYS} days of your first payment for a paid plan and we refund that payment in full. The guarantee covers your first paid purchase, once per person; it does not restart when you change plans.`,
            },
            {
              term: "Later monthly payments",
              text: "Monthly renewals after the guarantee period are not refunded. Cancel at any time to stop the next one; you keep the plan until the end of the month you paid for.",
            },
            {
              term: "Annual plans",
              text: `When we offer a plan billed yearly, you can cancel it for a full refund within ${ANNUAL_REFUND_DAYS} days of buying it or of a yearly renewal. After ${ANNUAL_REFUND_DAYS} days the plan runs to the end of its year and is not refunded. All plans on sale today are billed monthly, so this rule applies only once annual billing is offered.`,
            },
            {
              term: "Our mistakes",
              text: "If you were charged twice, charged the wrong amount, or charged after you cancelled, we refund the difference in full whenever you tell us.",
            },
          ],
        },
        [
          "To ask for a refund, write to us through the ",
          contactPage,
          " or at ",
          supportEmail,
          `, from the email address of your account. We reply within ${SUPPORT_REPLY_HOURS} hours. Refunds go back to the card you paid with through Stripe; most banks show them within 5 to 10 business days. When a payment is refunded, the plan it paid for ends.`,
        ],
        "These rules do not take away any right to cancel or to a refund that the consumer law of your country gives you.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      body: [
        "Please do not:",
        {
          list: [
            "attack, overload or probe the service, or try to get around its rate limits or plan limits;",
            "access another person's account or backups;",
            "create accounts in bulk or by automated means;",
            "use the service to store or spread anything unlawful.",
          ],
        },
        "We may suspend an account that breaks these rules. Where we can, we tell you why first and give you a chance to put it right.",
      ],
    },
    {
      id: "your-content",
      heading: "Your backups",
      body: [
        "Your backups are yours. You give us permission to store, copy and process them only as far as we need to run the service for you: to keep them, show them to you and restore them. We claim no other rights over them.",
      ],
    },
    {
      id: "limits",
      heading: "What protection can and cannot do",
      body: [
        `${PRODUCT_NAME} works with the browsers listed in the documentation, and browsers change their screens over time. A backup holds what the Privacy Policy describes and leaves out passwords and card numbers on purpose, so those have to be entered again. Tabs of other websites are restored by reopening their address; whether a site then shows what you had depends on that site.`,
        ["The status of the service is shown live on the ", { href: "/system-status", label: "System Status page" }, ". We work to keep it available, but we cannot promise it will never be interrupted, for example during maintenance."],
      ],
    },
    {
      id: "liability",
      heading: "Liability",
      body: [
        "We provide the service with care, but to the extent the law allows, we provide it as it is, without promises beyond those in these terms. We are not liable for indirect or consequential losses, such as lost profits or lost work that a backup did not hold.",
        "To the extent the law allows, our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "ending",
      heading: "Ending the agreement",
      body: [
        [
          "You can stop using the service and delete your account at any time from your ",
          { href: "/account", label: "Account page" },
          ": its data is deleted as soon as you confirm, as the Privacy Policy describes.",
        ],
        "If we end the service or close your account for reasons other than a breach of these terms, we tell you in advance by email and refund any time you paid for and cannot use.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      body: [
        "We publish any new version of these terms on this page with a new date. If a change matters to you, for example to prices or refunds, we email account holders before it takes effect. If you do not agree with the change, you can cancel before then.",
      ],
    },
  ],
};
