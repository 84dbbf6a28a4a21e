/** Loose check, the server has the final word; it only decides which input hint to show. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Brings a typed phone number to E.164, the only form the API accepts. Spaces, dashes and brackets
 * are dropped, a `00` international prefix becomes `+`, and a bare 11-digit number starting with 1 is
 * taken as a mainland China mobile (+86), the product's first market. Anything else is returned
 * trimmed so the server can say what is wrong with it.
 */
export function normalizePhone(value: string): string {
  const compact = value.trim().replace(/[\s\-().]/g, '');
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (/^1\d{10}$/.test(compact)) return `+86${compact}`;
  return compact;
}

export function isPhone(value: string): boolean {
  return E164.test(normalizePhone(value));
}

/** A password-login identifier that is a phone goes to the phone-password endpoint. */
export function looksLikePhone(value: string): boolean {
  const compact = value.trim().replace(/[\s\-().]/g, '');
  return /^(\+|00)?\d{7,15}$/.test(compact) && isPhone(compact);
}
