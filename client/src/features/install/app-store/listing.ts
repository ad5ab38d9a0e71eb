import { ANDROID_REQUIREMENT } from "@common/product";

/**
 * The app-store listing's text and its static sample figures. These figures are
 * marketing samples the specification puts on the app-store page and its store block; they are shown there
 * and nowhere else, and the page says on screen that they are samples.
 */
export const storeFigures = {
  rating: "4.9",
  reviews: "2.1K",
  downloads: "1M+",
} as const;

/**
 * The Reviews histogram: 85%, 10% and 3% with 1.8K, 214 and 64 reviews for 5, 4 and 3 stars.
 * The specification gives no figures for 2 and 1 stars; the 2% its shares leave is split between them and
 * no count is shown.
 */
export const ratingHistogram: { stars: number; percent: number; count: string | null }[] = [
  { stars: 5, percent: 85, count: "1.8K" },
  { stars: 4, percent: 10, count: "214" },
  { stars: 3, percent: 3, count: "64" },
  { stars: 2, percent: 1, count: null },
  { stars: 1, percent: 1, count: null },
];

/** Three sample testimonials: first name and initial, five stars. */
export const sampleReviews = [
  {
    name: "Maria K.",
    date: "December 2024",
    text: "I tapped Clear All on my phone by accident with 40 tabs of research open. TabVault stopped it. I did not even notice until the banner said so.",
  },
  {
    name: "Daniel R.",
    date: "November 2024",
    text: "The backups keep what I had typed into forms. A half-finished application came back word for word after my browser closed everything.",
  },
  {
    name: "Aisha T.",
    date: "November 2024",
    text: "Installed it from the browser in two taps, no app store. It opens from my home screen like any other app, even on the train without signal.",
  },
] as const;

/** App details. */
export const appDetails: { label: string; value: string }[] = [
  { label: "Version", value: "2.1.0" },
  { label: "Size", value: "Under 1 MB" },
  { label: "Last updated", value: "December 2024" },
  { label: "Compatibility", value: `${ANDROID_REQUIREMENT}, Chrome, Firefox, Edge` },
  { label: "Languages", value: "English, Spanish, French, German" },
  { label: "Permissions", value: "Accessibility Service, System Alert Window" },
  { label: "Content rating", value: "Everyone" },
];

/** Version history: 2.1.0 (Dec 2024) and 2.0.0 (Nov 2024). */
export const versionHistory = [
  {
    version: "2.1.0",
    date: "Dec 2024",
    changes: [
      "Install TabVault from the browser and open it from the home screen, even offline.",
      "Backups keep what you typed into forms and how far you had scrolled.",
      "Clear All is recognised in more browsers and languages.",
    ],
  },
  {
    version: "2.0.0",
    date: "Nov 2024",
    changes: [
      "Block mode: Clear All is stopped before a single tab closes.",
      "Session Manager with emergency backups and manual saves.",
      "Backups kept on the server, listed on every device you sign in on.",
    ],
  },
];
