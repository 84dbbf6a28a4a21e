/** The parts of a key event a chord is matched against. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

interface Chord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parseChord(chord: string): Chord {
  const parts = chord.split('+');
  // `shift+?`-like chords never occur, but a chord of `+` itself would end in an empty part
  const key = parts.pop() || '+';
  return {
    mod: parts.includes('mod'),
    shift: parts.includes('shift'),
    alt: parts.includes('alt'),
    key: key === 'Space' ? ' ' : key,
  };
}

const isLetter = (key: string) => key.length === 1 && key.toLowerCase() !== key.toUpperCase();
const sameKey = (a: string, b: string) => (a.length === 1 ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Does the key event press this chord (exactly its modifiers; Ctrl and ⌘ both count as `mod`)? Shift
 * is not asked of a symbol: `?` is Shift+/ on one keyboard and a key of its own on another.
 */
export function matchesChord(event: KeyPress, chord: string): boolean {
  const c = parseChord(chord);
  const symbol = c.key.length === 1 && !isLetter(c.key) && c.key !== ' ';
  return (
    sameKey(c.key, event.key) &&
    c.mod === (event.ctrlKey || event.metaKey) &&
    (symbol || c.shift === event.shiftKey) &&
    c.alt === event.altKey
  );
}

const isMacPlatform = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Delete: 'Del',
};

/** A chord as people read it: `Shift+Ctrl+Z`, or `⇧⌘Z` on a Mac. */
export function formatChord(chord: string, mac = isMacPlatform()): string {
  const parts = chord.split('+');
  const key = parts.pop() || '+';
  const names = parts.map((part) =>
    part === 'mod' ? (mac ? '⌘' : 'Ctrl') : part === 'shift' ? (mac ? '⇧' : 'Shift') : mac ? '⌥' : 'Alt',
  );
  const keyName = KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  return mac ? [...names, keyName].join('') : [...names, keyName].join('+');
}
