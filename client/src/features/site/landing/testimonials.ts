/**
 * The landing page's testimonials (spec 1 §3 "Testimonial (static)", §9: eight defined, the first six shown).
 * They are sample stories written for the page, not reviews by customers we checked; the page says so, and
 * `verified` is kept as data only (docs/product.md).
 */
export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  rating: number;
  verified: boolean;
  tabsSaved: number;
}

export const TESTIMONIALS_SHOWN = 6;

export const testimonials: Testimonial[] = [
  {
    name: "Priya Raman",
    role: "PhD researcher",
    company: "Coastal Ecology Lab",
    content: "I keep forty papers open while I write. One swipe on Clear All used to cost me an afternoon of finding them again. Now it simply doesn't happen.",
    rating: 5,
    verified: false,
    tabsSaved: 1240,
  },
  {
    name: "Marcus Feld",
    role: "Freelance designer",
    company: "Feld Studio",
    content: "A client brief, three mood boards and a half-filled invoice, gone in one tap. TabVault brought back every one of them, form text included.",
    rating: 5,
    verified: false,
    tabsSaved: 386,
  },
  {
    name: "Amara Okafor",
    role: "Night-shift nurse",
    company: "St. Elm Community Hospital",
    content: "On a break I read and fill forms on my phone, often one-handed. Block mode means my pocket can't close everything any more.",
    rating: 5,
    verified: false,
    tabsSaved: 212,
  },
  {
    name: "Daniel Wu",
    role: "Software engineer",
    company: "Harbor Logistics",
    content: "Ctrl+Shift+W is right next to Ctrl+Shift+T. On Windows, TabVault catches it before the window goes. That alone is worth it.",
    rating: 5,
    verified: false,
    tabsSaved: 957,
  },
  {
    name: "Sofia Lindqvist",
    role: "Student",
    company: "Uppsala University",
    content: "The free plan covers what I need during exams: my five study tabs are backed up and I restore them every morning.",
    rating: 4,
    verified: false,
    tabsSaved: 148,
  },
  {
    name: "James O'Connor",
    role: "Operations lead",
    company: "Brightwater Travel",
    content: "Our agents keep bookings open in many tabs. With Premium we set one policy for the whole team and nobody loses a booking to a stray click.",
    rating: 5,
    verified: false,
    tabsSaved: 4310,
  },
  {
    name: "Lena Hoffmann",
    role: "Journalist",
    company: "Independent",
    content: "Sources, drafts and interview notes live in my browser. The backup summaries tell me which sites and topics a session was about when I come back to a story.",
    rating: 5,
    verified: false,
    tabsSaved: 672,
  },
  {
    name: "Tomás Herrera",
    role: "Secondary-school teacher",
    company: "Valle Verde School",
    content: "I prepare lessons across my phone and the classroom PC. Backups from both show up in one place.",
    rating: 4,
    verified: false,
    tabsSaved: 295,
  },
];
