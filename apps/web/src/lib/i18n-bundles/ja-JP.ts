// Every namespace's ja-JP messages as one chunk, loaded by lib/i18n.ts when ja-JP is needed.
export default import.meta.glob<Record<string, unknown>>('../../i18n/*/ja-JP.json', { eager: true, import: 'default' });
