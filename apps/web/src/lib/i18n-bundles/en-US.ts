// Every namespace's en-US messages as one chunk, loaded by lib/i18n.ts when en-US is needed.
export default import.meta.glob<Record<string, unknown>>('../../i18n/*/en-US.json', { eager: true, import: 'default' });
