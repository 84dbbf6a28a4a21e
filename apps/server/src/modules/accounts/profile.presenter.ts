import type { Locale, Me, Profile } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { UserRow } from './accounts.repository.ts';
import type { ProfileRow } from './profile.repository.ts';

/** `a***@example.com`: enough for the owner to recognise, too little to contact. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** `+86138****8000` */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return `${phone.slice(0, Math.max(3, phone.length - 8))}****${phone.slice(-4)}`;
}

/** A profile row as the contract's `Profile`. */
export function presentProfile(baseUrl: string, row: ProfileRow): Profile {
  return {
    id: row.id,
    nickname: row.nickname,
    bio: row.bio,
    locale: row.locale as Locale,
    avatar: row.avatar_key,
    avatar_url: avatarUrlOf(baseUrl, row.avatar_key),
  };
}

/** `Me` of a user and its profile row: own email and phone in full, anyone else's masked. */
export function presentUser(baseUrl: string, user: UserRow, profile: ProfileRow, options: { self: boolean }): Me {
  return {
    id: user.id,
    username: user.username,
    email: options.self ? user.email : maskEmail(user.email),
    phone: options.self ? user.phone : maskPhone(user.phone),
    role: user.role,
    date_joined: user.date_joined,
    has_password: Boolean(user.password_hash),
    profile: presentProfile(baseUrl, profile),
  };
}
