/** One language's text of a shipped prompt. */
export interface PromptText {
  name: string;
  description: string;
  system: string;
  template: string;
}
