/**
 * The shape of a long text page (privacy policy, terms): plain data, so the words can be read and
 * reviewed without wading through markup. Rendered by features/site/LongFormPage.tsx.
 */

/** A link inside running text: a site route, a mailto: or an outside address. */
export interface InlineLink {
  href: string;
  label: string;
}

/** Running text: a string, or strings and links in reading order. */
export type RichText = string | (string | InlineLink)[];

export type Block =
  | RichText
  | { list: RichText[] }
  /** Named items, e.g. each kind of data stored and what it holds. */
  | { definitions: { term: string; text: RichText }[] };

export interface Section {
  /** The anchor, e.g. /terms#refunds. */
  id: string;
  heading: string;
  body: Block[];
}

export interface LongFormDocument {
  eyebrow: string;
  title: string;
  lead: string;
  /** ISO date of the last change that readers should know about. */
  updated: string;
  /** The points people look for first, shown in a box above the full text. */
  summary: { heading: string; points: RichText[] };
  sections: Section[];
}
