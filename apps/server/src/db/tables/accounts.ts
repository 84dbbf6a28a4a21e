import type { Generated } from 'kysely';

export interface ProfilesTable {
  id: Generated<number>;
  user_id: number;
  nickname: Generated<string>;
  bio: Generated<string>;
  locale: Generated<string>;
  /** storage key of the avatar (`avatars/….webp`) or null for the default */
  avatar_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailAddressesTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  is_primary: Generated<number>;
  verified: Generated<number>;
  created_at: string;
}

export interface PhoneNumbersTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  is_primary: Generated<number>;
  verified: Generated<number>;
  created_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  /** every rotation keeps the family; presenting a rotated token revokes the whole family */
  family: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: string | null;
  created_at: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  address: string;
  purpose: string;
  /** HMAC of the code: the code itself is never stored */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface CaptchaSolutionsTable {
  challenge: string;
  expires_at: string;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: string;
}

export interface AccountsTables {
  profiles: ProfilesTable;
  email_addresses: EmailAddressesTable;
  phone_numbers: PhoneNumbersTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  captcha_solutions: CaptchaSolutionsTable;
  throttle_events: ThrottleEventsTable;
}
