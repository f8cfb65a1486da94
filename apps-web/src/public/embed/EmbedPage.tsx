import { useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { loadedFramedTheme, withFramedTheme } from '../../lib/theme.js';
import AssessmentPage from '../assessment/AssessmentPage.js';
import ResultsPage from '../results/ResultsPage.js';
import { EMBED_MESSAGE, EMBED_PATH, postToParent } from './embedded.js';
import './embed.css';

/**
 * The embedded assessment and its results (/embed, /embed/results/:id), framed by a partner's page:
 * the same pages as on the site, which leave out the header here, in a box whose height the parent
 * is told each time it changes, so the frame grows and shrinks with the content and never scrolls.
 */
export default function EmbedPage() {
  const box = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useLayoutEffect(() => {
    const carried = withFramedTheme(window.location.href, loadedFramedTheme);
    // The router's entry (its key and state) is kept: only the address gains the parameter, so a
    // reload of this page, or a return to it, opens in the theme the partner asked for.
    if (carried) window.history.replaceState(window.history.state, '', carried);
  }, [location]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let last = 0;
    const publish = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToParent({ type: EMBED_MESSAGE.height, height });
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} className="embed-frame">
      <LanguageSwitch className="language-switch--embedded" />
      <Routes>
        <Route index element={<AssessmentPage />} />
        <Route path="results/:submissionId" element={<ResultsPage />} />
        <Route path="*" element={<Navigate to={EMBED_PATH} replace />} />
      </Routes>
    </div>
  );
}
