import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

declare global {
  interface Window {
    /** Set by the prerendered landing page's loader (apps-web/scripts/after-paint-loader.mjs). */
    __mspHeldNavigation?: { take(): string | null };
  }
}

/**
 * The address of a link the visitor clicked on the prerendered landing page before its code ran,
 * held so the visit is counted and its campaign read first; from now on, links are the app's.
 */
export function takeHeldNavigation(): string | null {
  if (typeof window === 'undefined') return null;
  return window.__mspHeldNavigation?.take() ?? null;
}

/**
 * Follows the held link once the landing page has taken over. Called after the page's effects that
 * count the visit and read its campaign: effects run in the order they are declared, and the page
 * hydrates inside a Suspense boundary, after anything outside it.
 */
export function useHeldNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const path = takeHeldNavigation();
    if (path) navigate(path);
  }, [navigate]);
}
