import { describe, expect, it } from 'vitest';
import { fillTemplate, templateVariables } from './template.ts';

describe('prompt templates', () => {
  it('lists each variable once, in order of appearance', () => {
    expect(templateVariables('Write about {{title}} under {{ path }}; again {{title}}.')).toEqual(['title', 'path']);
  });

  it('fills known variables and leaves unknown ones visible', () => {
    expect(fillTemplate('{{title}} in {{language}} ({{ missing }})', { title: 'Go', language: 'en-US' })).toBe(
      'Go in en-US ({{ missing }})',
    );
  });
});
