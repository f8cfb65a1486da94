import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

declare global {
  interface Window {
    /** Set by the loader of a page drawn ahead (apps-web/scripts/after-paint-loader.mjs). */
    __mspHeldNavigation?: { take(): string | null };
  }
}

/**
 * Follows the held link once a page drawn ahead (the landing page, the assessment's first screen,
 * the matrix, a results page) has taken over. Called after the page's effects that count the visit
 * and read its campaign: effects run in the order they are declared, and the page hydrates inside
 * a Suspense boundary, after anything outside it.
 */
export function useHeldNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    // The address of a link clicked before the page's code ran; from now on, links are the app's.
    const path = window.__mspHeldNavigation?.take();
    if (path) navigate(path);
  }, [navigate]);
}
