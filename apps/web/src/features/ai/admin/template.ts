/** `{{ name }}` placeholders, as the server's prompt templates use them. */
const PLACEHOLDER = /\{\{\s*(\w{1,64})\s*\}\}/g;

/** The variables a template uses, in order of first appearance. */
export function templateVariables(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]!))];
}

/** Fills the placeholders; an unknown variable stays visible as written so the preview shows it. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** Plausible sample values for the variables the built-in prompts use; others get their own name. */
export const SAMPLE_VALUES: Record<string, string> = {
  title: 'Linear algebra',
  path: 'Machine learning / Mathematics',
  siblings: 'Probability, Calculus',
  children: 'Vectors, Matrices',
  content: 'Vectors, matrices and the operations on them.',
  language: 'en-US',
  summary: 'The mathematics of vectors and matrices.',
  prompt: 'Linear algebra, an illustration',
};
