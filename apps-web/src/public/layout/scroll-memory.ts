/**
 * Where each visited page of this tab was scrolled, so Back and Forward return the visitor there,
 * while a page reached by a link opens at its top or at the anchor it was asked for. The browser's
 * own restoration cannot do it for pages drawn by script: it scrolls before the page is drawn.
 */

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

export type ScrollAction = { kind: 'restore'; y: number } | { kind: 'anchor'; id: string } | { kind: 'top' };

/** Session storage key of the remembered positions. */
export const SCROLL_POSITIONS_KEY = 'msp-scroll-positions';
/** The entries remembered: a tab's history, not a lifetime of it. */
const MAX_REMEMBERED = 50;

/**
 * One history entry's name. The router gives each entry it makes a key in `history.state`; entries
 * the browser makes itself (the first page load, a link to `#about`) have none, and are told apart
 * by their anchor.
 */
export function entryKey(state: unknown, hash: string): string {
  const key =
    state && typeof state === 'object' && typeof (state as { key?: unknown }).key === 'string'
      ? (state as { key: string }).key
      : 'default';
  return `${key}${hash}`;
}

/** What a page reached by this navigation does with the scroll position. */
export function scrollActionFor(kind: NavigationKind, hash: string, saved: number | undefined): ScrollAction {
  if (kind === 'POP' && saved !== undefined) return { kind: 'restore', y: saved };
  if (hash.length > 1) {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: the anchor is looked up as written.
    }
    return { kind: 'anchor', id };
  }
  return { kind: 'top' };
}

/** The remembered positions, newest last, read from and written to session storage. */
export class ScrollPositions {
  private readonly positions: Map<string, number>;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
    this.positions = new Map(ScrollPositions.read(storage));
  }

  private static read(storage: Pick<Storage, 'getItem'> | undefined): [string, number][] {
    try {
      const value: unknown = JSON.parse(storage?.getItem(SCROLL_POSITIONS_KEY) ?? '[]');
      if (!Array.isArray(value)) return [];
      return value.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) &&
          typeof entry[0] === 'string' &&
          typeof entry[1] === 'number' &&
          Number.isFinite(entry[1]) &&
          entry[1] >= 0,
      );
    } catch {
      return [];
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }

  set(key: string, y: number): void {
    this.positions.delete(key);
    this.positions.set(key, Math.max(0, Math.round(y)));
    while (this.positions.size > MAX_REMEMBERED) {
      const oldest = this.positions.keys().next().value;
      if (oldest === undefined) break;
      this.positions.delete(oldest);
    }
  }

  /** Kept when the page is left, so a reload or a return from another site finds them. */
  save(): void {
    try {
      this.storage?.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...this.positions]));
    } catch {
      // Storage refused (full, or a private mode): the positions last as long as the page.
    }
  }
}
