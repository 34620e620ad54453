/**
 * A legal or informational text (terms, privacy statement, about page) as plain data.
 * Every string is plain text: the page renders it as text nodes, never as HTML.
 */
export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  updated: string;
  intro?: string;
  /** Rendered in order: heading, then the paragraphs, then the items as a list. */
  sections: { heading: string; paragraphs: string[]; items?: string[] }[];
}

export type LegalDocumentKind = 'gtc' | 'privacy' | 'about';
export type LegalLanguage = 'hu' | 'en';
