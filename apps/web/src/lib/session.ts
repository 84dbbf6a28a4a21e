import { useSyncExternalStore } from 'react';
import { api, ApiError, onSessionEnded, onSessionRecovered } from './api-client.ts';
import { firstData } from './first-data.ts';
import type { LoginAnswer, Me } from './me.ts';
import { queryClient } from './query-client.ts';
import { tokenStore } from './token-store.ts';

export type { LoginAnswer, Me } from './me.ts';

type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: Me | null;
  /** `me.role === 'admin'` — the role always comes from the server, never a placeholder. */
  isAdmin: boolean;
  /** The user's avatar, or `/images/avatar-64.png` when there is none or `me` could not be read. */
  avatarUrl: string;
}

/**
 * The contract's `DEFAULT_AVATAR_PATH`, written out: importing a value from the contract would put its
 * zod schemas and tree-core into the first bundle of every page (session.test.ts keeps them equal).
 */
export const DEFAULT_AVATAR_URL = '/images/avatar-64.png';

function sessionFor(status: SessionStatus, user: Me | null): Session {
  return {
    status,
    user,
    isAdmin: user?.role === 'admin',
    avatarUrl: user?.profile?.avatar_url || DEFAULT_AVATAR_URL,
  };
}

const ANONYMOUS = sessionFor('anonymous', null);

/** The signed-in user as last read, so that the app opens signed in without a connection. */
const KEPT_ME = 'arbor.me';
function keptMe(): Me | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_ME)!) as Me | null;
  } catch {
    return null;
  }
}
/** Signed in with tokens; known at once when the server rendered the page for this user (lib/first-data.ts). */
function initialSession(): Session {
  if (!tokenStore.get().accessToken) return ANONYMOUS;
  const me = firstData()?.me;
  return me ? sessionFor('authenticated', me) : sessionFor('loading', null);
}
let current: Session = initialSession();
const listeners = new Set<() => void>();
const endedListeners = new Set<() => void>();

function setSession(next: Session) {
  current = next;
  listeners.forEach((listener) => listener());
}

let meRequest: Promise<void> | null = null;

/** Reads `me` again (after a profile edit, or when a token appears). Failures are logged, never thrown. */
export function refreshMe(): Promise<void> {
  if (!tokenStore.get().accessToken) {
    setSession(ANONYMOUS);
    return Promise.resolve();
  }
  meRequest ??= api<Me>('/api/profile/users/me/')
    .then((me) => {
      // A logout may have happened while the request was in flight.
      if (tokenStore.get().accessToken) setSession(sessionFor('authenticated', me));
      localStorage.setItem(KEPT_ME, JSON.stringify(me));
    })
    .catch((error: unknown) => {
      console.warn('Could not load the signed-in user', error);
      // A rejected token is over for good; any other failure (offline, 5xx) keeps the tokens so the
      // next load can try again, but nothing is shown as signed in without a `me`.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) tokenStore.clear();
      // No answer at all (offline): the user last read here, whose pages the service worker can open.
      const kept = error instanceof ApiError && error.status === 0 ? keptMe() : null;
      setSession(current.user ? current : kept ? sessionFor('authenticated', kept) : ANONYMOUS);
    })
    .finally(() => {
      meRequest = null;
    });
  return meRequest;
}

/** Replaces `me` with a fresh copy a mutation answered (e.g. bind email answers `Me`). */
export function updateMe(me: Me) {
  if (tokenStore.get().accessToken) setSession(sessionFor('authenticated', me));
}

/**
 * The session a server-side render draws the page for (`server-render.tsx`, one page at a time): the user it
 * renders for, then null to end it. The browser's session comes from its tokens instead.
 */
export function renderAs(me: Me | null): void {
  setSession(me ? sessionFor('authenticated', me) : ANONYMOUS);
}

/** Stores the tokens and the user of a successful login answer. */
export function signIn(answer: LoginAnswer) {
  // The user first, so the token listener below sees a known user and does not fetch `me` again.
  setSession(sessionFor('authenticated', answer.user));
  tokenStore.set({ accessToken: answer.access, refreshToken: answer.refresh });
}

// A logout ends the access token on the server at once, so a request in flight beside it may be
// refused, try a refresh with the revoked refresh token and report the session as ended: that is the
// logout itself, not an expiry to send the user to the login page for.
let signingOut = false;

/**
 * What a feature does when the person signs out, while the session still holds: `send` steps first (what waits
 * on this device for the server goes out), then `forget` steps (what this device kept of them is removed, so the
 * next person to sign in here does not find it).
 */
const signOutSteps = { send: new Set<() => Promise<unknown>>(), forget: new Set<() => Promise<unknown>>() };

export function beforeSignOut(phase: keyof typeof signOutSteps, step: () => Promise<unknown>): void {
  signOutSteps[phase].add(step);
}

/** Revokes the refresh token (best effort: offline still logs out locally) and forgets the session. */
export async function signOut(): Promise<void> {
  const { refreshToken } = tokenStore.get();
  for (const phase of [signOutSteps.send, signOutSteps.forget])
    await Promise.allSettled([...phase].map((step) => step()));
  signingOut = true;
  try {
    if (refreshToken) {
      try {
        await api('/api/auth/logout/', { method: 'POST', body: { refresh: refreshToken } });
      } catch (error) {
        console.warn('Logout request failed; clearing the local session anyway', error);
      }
    }
    tokenStore.clear();
    queryClient.clear();
  } finally {
    signingOut = false;
  }
}

/** Called when the session ends on its own (refresh token refused); the shell sends the user to login. */
export function onSessionExpired(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

// Tokens are the source of truth, including changes made by another tab (tokenStore relays the
// storage event): a token appearing loads `me`, tokens disappearing signs out here too.
tokenStore.subscribe((tokens) => {
  if (!tokens.accessToken) {
    localStorage.removeItem(KEPT_ME);
    if (current.status !== 'anonymous') {
      setSession(ANONYMOUS);
      queryClient.clear();
    }
    return;
  }
  if (!current.user) {
    setSession(sessionFor('loading', null));
    void refreshMe();
  }
});

onSessionEnded(() => {
  setSession(ANONYMOUS);
  queryClient.clear();
  if (!signingOut) endedListeners.forEach((listener) => listener());
});

// A refresh after a refused token: every query read meanwhile may hold a visitor's answer (a public
// endpoint ignores a rejected token), so every query is read again, with the signed-in user.
onSessionRecovered(() => {
  void queryClient.invalidateQueries();
});

if (current.status === 'loading') void refreshMe();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getSession = () => current;

/** Non-React read of the session (guards in loaders, the command palette's actions). */
export const sessionStore = { get: getSession, subscribe };

/** The one auth state of the app (UI.md "Auth state"). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** SPEC §5 role check: no requirement passes, no role fails, `all` admits any role. */
export function hasRole(required: readonly string[] | undefined, role: string | null | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (!role) return false;
  return required.includes('all') || required.includes(role);
}
