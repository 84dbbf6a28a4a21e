/** The JWT pair, persisted in localStorage under `__arbor__jwt__` and kept in sync across tabs. */
export interface Tokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export const TOKEN_STORAGE_KEY = '__arbor__jwt__';
const EMPTY: Tokens = { accessToken: null, refreshToken: null };

type Listener = (tokens: Tokens) => void;
const listeners = new Set<Listener>();

function read(): Tokens {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Tokens>;
    return {
      accessToken: typeof parsed.accessToken === 'string' ? parsed.accessToken : null,
      refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    };
  } catch {
    return EMPTY;
  }
}

let current: Tokens = typeof localStorage === 'undefined' ? EMPTY : read();

function emit() {
  for (const listener of listeners) listener(current);
}

export const tokenStore = {
  get: (): Tokens => current,
  /** Saves both tokens (login, refresh). */
  set(tokens: Tokens) {
    current = tokens;
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
    emit();
  },
  /** Replaces only the access token. */
  setAccess(accessToken: string) {
    tokenStore.set({ ...current, accessToken });
  },
  clear() {
    current = EMPTY;
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY) return;
    current = read();
    emit();
  });
}
