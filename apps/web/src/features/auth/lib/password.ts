/** API.md "Accounts": 8–128 characters, any Unicode. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

type Strength = 0 | 1 | 2 | 3 | 4;

/**
 * A rough, local strength estimate for the hint under the field: length and character variety. It is
 * advice only; the server's policy (length, common-password list, not the login) decides.
 */
export function passwordStrength(password: string): Strength {
  const length = [...password].length;
  if (length === 0) return 0;
  if (length < PASSWORD_MIN) return 1;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  // A long passphrase is strong even with few character classes.
  const score = (length >= 12 ? 2 : 1) + (length >= 16 ? 1 : 0) + (classes >= 3 ? 1 : 0) + (classes >= 2 ? 0 : -1);
  return Math.max(1, Math.min(4, score)) as Strength;
}

/** Local check of the length rule, so the common mistake is shown before a round trip. */
export function passwordLengthError(password: string): 'tooShort' | 'tooLong' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  return null;
}
