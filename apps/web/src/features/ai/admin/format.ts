/** Dates and numbers in the interface language. */
export const formatDateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

export const formatNumber = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n);
