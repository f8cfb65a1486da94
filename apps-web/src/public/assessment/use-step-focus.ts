import { useEffect, useRef } from 'react';

/**
 * Scrolls a new step or question so its top sits below the sticky header, unless it already shows
 * there. The header's room is the page's scroll-padding (assessment.css), which scrollIntoView
 * keeps clear; without it the step line would slide under the header on a phone, where pressing
 * Next at the foot of a long form leaves the shorter next card part-way up the screen.
 */
function revealBelowHeader(element: Element) {
  const reserved = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const { top } = element.getBoundingClientRect();
  if (top >= reserved && top <= window.innerHeight / 2) return;
  element.scrollIntoView({ block: 'start' });
}

/**
 * Moves focus to the step's heading, and its card into view, whenever `visit` (the step or question
 * on screen, and how often the visitor started over) changes; not on first render.
 */
export function useStepFocus(visit: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousVisit = useRef(visit);
  useEffect(() => {
    if (previousVisit.current === visit) return;
    previousVisit.current = visit;
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    revealBelowHeader(heading.closest('.assessment-card') ?? heading);
  }, [visit]);
  return headingRef;
}
