import type { QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../public/landing/LandingPage.js';
import { PageSpinner } from '../components/PageSpinner.js';
import { createBrowserPlatform } from '../platform/browser-platform.js';
import { HostProviders } from '../lib/HostProviders.js';
import { createQueryClient } from '../lib/query-client.js';
import { toastAtom } from '../lib/toasts.js';
import { PublicScrollRestoration } from '../public/layout/PublicScrollRestoration.js';
import { I18nProvider, readInjectedMessages } from '../lib/i18n/i18n-context.js';
import type { MessagesResponse } from '@msp/shared/browser';

// Everything but the landing page loads on demand, keeping the first paint small (docs/benchmarks.md).
const AssessmentPage = lazy(() => import('../public/assessment/AssessmentPage.js'));
const ResultsPage = lazy(() => import('../public/results/ResultsPage.js'));
const MatrixPage = lazy(() => import('../public/matrix/MatrixPage.js'));
// The embedded mode (framed by partner sites) is its own chunk, over the same page chunks.
const EmbedPage = lazy(() => import('../public/embed/EmbedPage.js'));
const NotFoundPage = lazy(() => import('../public/not-found/NotFoundPage.js'));
const MyPage = lazy(() => import('../public/my/MyPage.js'));
const SignInLinkPage = lazy(() => import('../public/my/SignInLinkPage.js'));
const ReminderPreferencesPage = lazy(() => import('../public/my/ReminderPreferencesPage.js'));
const TeamPage = lazy(() => import('../public/my/team/TeamPage.js'));
const JoinTeamPage = lazy(() => import('../public/my/team/JoinTeamPage.js'));
// The admin portal comes in through its one entry point, as any other host mounts it.
const AdminApp = lazy(() => import('../admin/index.js').then((admin) => ({ default: admin.AdminApp })));
const AppToaster = lazy(() => import('../lib/AppToaster.js'));

/** Mounts the toaster once something wants to toast; it stays mounted after that. */
function LazyToaster() {
  const toast = useAtomValue(toastAtom);
  const [wanted, setWanted] = useState(false);
  if (toast && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** Only where no server wrote the page (a development server without the API): ids show. */
const NO_MESSAGES: MessagesResponse = { language: 'en', dir: 'ltr', messages: {} };

function AppRoutes() {
  return (
    <>
      <PublicScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/assessment" element={<AssessmentPage />} />
          <Route path="/matrix" element={<MatrixPage />} />
          <Route path="/results/:submissionId" element={<ResultsPage />} />
          <Route path="/my" element={<MyPage />} />
          <Route path="/my/sign-in" element={<SignInLinkPage />} />
          <Route path="/my/reminders" element={<ReminderPreferencesPage />} />
          <Route path="/my/team" element={<TeamPage />} />
          <Route path="/team/join" element={<JoinTeamPage />} />
          <Route path="/embed/*" element={<EmbedPage />} />
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}

/**
 * The web app: the public pages and, loaded on demand, the admin, inside the same providers the
 * admin's `AdminHost` uses (`HostProviders`), but with the toaster loaded on the first toast so the
 * landing page stays small. The build's prerender (src/prerender.tsx) passes a static router and a query client
 * holding the config; in the browser it runs on the address bar.
 */
export function App({
  Router = BrowserRouter,
  queryClient: givenQueryClient,
  messages,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
  queryClient?: QueryClient;
  /** The visitor's strings: the prerender's catalogue; in the browser, what the server inlined. */
  messages?: MessagesResponse;
}) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [platform] = useState(createBrowserPlatform);
  const [initialMessages] = useState(() => messages ?? readInjectedMessages() ?? NO_MESSAGES);
  return (
    <HostProviders platform={platform} queryClient={queryClient} toaster={<LazyToaster />}>
      <I18nProvider initial={initialMessages}>
        <Router>
          <AppRoutes />
        </Router>
      </I18nProvider>
    </HostProviders>
  );
}
