import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username: uniqueness is case-insensitive */
  username_lower: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  role: 'user' | 'admin';
  is_active: number;
  /** bumped to end every access token issued before (logout, password reset) */
  session_version: Generated<number>;
  date_joined: string;
  updated_at: string;
}

export interface UsersTables {
  users: UsersTable;
}
