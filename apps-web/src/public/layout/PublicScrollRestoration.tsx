import { Component, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { entryKey, scrollActionFor, ScrollPositions, type ScrollAction } from './scroll-memory.js';

/** Pages that scroll on their own terms: the admin's screens, and the framed page, which never scrolls. */
const NOT_PUBLIC = /^\/(admin|embed)(\/|$)/;
/** How long a page drawn bit by bit may take to grow tall enough for the remembered position. */
const GIVE_UP_AFTER_MS = 10_000;
/** What the visitor does to scroll themselves, which ends any scrolling on their behalf. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const currentEntry = () => entryKey(window.history.state, window.location.hash);

/**
 * Scrolls as the action asks once the page can: a remembered position once the page is that tall,
 * an anchor once it is drawn. Returns a function that stops waiting.
 */
function scrollWhenReady(action: ScrollAction, done: () => void): () => void {
  const attempt = (): boolean => {
    if (action.kind === 'top') {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return true;
    }
    if (action.kind === 'anchor') {
      const target = document.getElementById(action.id);
      target?.scrollIntoView({ block: 'start', behavior: 'instant' });
      return target !== null;
    }
    window.scrollTo({ top: action.y, left: 0, behavior: 'instant' });
    return Math.abs(window.scrollY - action.y) <= 1;
  };
  if (attempt()) {
    done();
    return () => {};
  }
  const observer = new ResizeObserver(() => {
    if (attempt()) stop();
  });
  const root = document.getElementById('root');
  observer.observe(document.body);
  if (root) observer.observe(root);
  const timer = window.setTimeout(() => stop(), GIVE_UP_AFTER_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
    done();
  }
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Takes the position of the page being left before the next page replaces it. A scroll's event
 * comes a frame after the scroll, so a visitor (or a test) who scrolls and at once goes Back would
 * otherwise be remembered where the last event found them; React's snapshot runs before the
 * commit changes the page, while the old page and its position are still on screen.
 */
class LeavingPosition extends Component<{ entry: string; onLeave: () => void }> {
  override getSnapshotBeforeUpdate(previous: { entry: string }): null {
    if (previous.entry !== this.props.entry) this.props.onLeave();
    return null;
  }
  override componentDidUpdate(): void {}
  override render(): ReactNode {
    return null;
  }
}

/**
 * On the public pages, a page reached by a link opens at its top (or the anchor it names), and
 * Back or Forward returns to where that page was scrolled. Positions are remembered per history
 * entry as the visitor scrolls, but not while a page is being swapped or a position restored: the
 * swap shortens the page for a moment, and the browser's clamped position would overwrite the one
 * to return to.
 */
export function PublicScrollRestoration(): ReactNode {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<ScrollPositions | null>(null);
  /** The entry whose page is drawn and settled; scrolling is recorded only for it. */
  const settled = useRef<string | null>(null);
  const shownPath = useRef<string | null>(null);
  const isPublic = !NOT_PUBLIC.test(location.pathname);

  useEffect(() => {
    if (!isPublic) return;
    const memory = (positions.current ??= new ScrollPositions(window.sessionStorage));
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      const entry = currentEntry();
      if (entry === settled.current) memory.set(entry, window.scrollY);
    };
    const save = () => memory.save();
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      save();
      window.history.scrollRestoration = previous;
    };
  }, [isPublic]);

  // Before paint, so the new page never shows at the old page's position.
  useLayoutEffect(() => {
    if (!isPublic) return;
    const memory = (positions.current ??= new ScrollPositions(window.sessionStorage));
    const entry = currentEntry();
    const saved = memory.get(entry);
    const firstPage = shownPath.current === null;
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    // A page drawn ahead (the landing page, the matrix) can be scrolled before the app takes it
    // over: the visitor stays where they went, not taken back to its top.
    if (firstPage && window.scrollY !== 0) {
      settled.current = entry;
      return;
    }
    // A link to an anchor of the page on screen (the landing page's "About the Model"): the
    // browser scrolls there itself, smoothly where the page asks for it.
    if (samePage && navigationType === 'POP' && location.hash.length > 1 && saved === undefined) {
      settled.current = entry;
      return;
    }
    settled.current = null;
    const action = scrollActionFor(navigationType, location.hash, saved);
    return scrollWhenReady(action, () => {
      settled.current = entry;
    });
  }, [isPublic, location.key, location.pathname, location.hash, navigationType]);

  const leave = () => {
    if (isPublic && settled.current && positions.current)
      positions.current.set(settled.current, window.scrollY);
  };
  return <LeavingPosition entry={`${location.key}${location.hash}`} onLeave={leave} />;
}
