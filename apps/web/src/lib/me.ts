// The signed-in user as API.md "Profile" describes it. Declared here until the accounts contract
// (packages/contract/src/accounts.ts) lands; then this file re-exports the contract's type instead.
export interface MeProfile {
  id: number;
  nickname: string;
  bio: string;
  locale: string;
  avatar: string | null;
  avatar_url: string;
}

export interface Me {
  id: number;
  username: string;
  email: string | null;
  phone: string | null;
  role: string;
  date_joined: string;
  has_password: boolean;
  profile: MeProfile;
}

/** What every successful login answers (API.md "Auth"). */
export interface LoginAnswer {
  access: string;
  refresh: string;
  user: Me;
}
