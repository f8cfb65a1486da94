import { HTMLSelect, Icon, Intent } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage, useT } from '../lib/i18n/i18n-context.js';
import { switchOptions } from '../lib/i18n/switch-options.js';
import { publicQueries } from '../lib/public-queries.js';
import { useToast } from '../lib/toasts.js';
import { useHydrated } from '../lib/use-hydrated.js';
import { useApi } from '../platform/platform-context.js';
import './LanguageSwitch.css';

/**
 * Whether this page arrived drawn by the build, whose landing page lists the visitor's language
 * alone, knowing none of those offered (its root is marked so, scripts/prerender.mjs): hydration
 * must find that list. Every other page is drawn by the server with the languages in effect, or by
 * the app.
 */
function drawnWithoutOfferedLanguages(): boolean {
  return (
    typeof document !== 'undefined' &&
    !!document.getElementById('root')?.hasAttribute('data-languages-unknown')
  );
}

/**
 * The visitor's language, and the others on offer: a native select, so keyboards, screen readers
 * and phones' own pickers work without code, and it stays narrow beside the theme buttons; a choice
 * made before the app runs is made again once it does (after-paint-loader.mjs). Hidden when one
 * language is offered (after hydration: the prerender shows it). The embedded pages, which have no
 * header, show it on a line of its own above the page.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const api = useApi();
  const { show } = useToast();
  const { language, setLanguage, switching } = useLanguage();
  // The previous language's list stays while the new language's config loads.
  const { data: config } = useQuery({
    ...publicQueries.config(api, language),
    placeholderData: keepPreviousData,
  });
  const hydrated = useHydrated();
  const [pending, setPending] = useState<string>();
  const offered = config?.languages ?? [];
  if (hydrated && offered.length < 2) return null;
  const options = switchOptions(offered, language, hydrated || !drawnWithoutOfferedLanguages());
  const shown = pending ?? language;
  const nameOf = (tag: string) => options.find((o) => o.value === tag)?.label ?? tag;

  const choose = (next: string) => {
    setPending(next);
    setLanguage(next)
      .catch(() => show({ title: t('language.failed', { name: nameOf(next) }), intent: Intent.DANGER }))
      .finally(() => setPending(undefined));
  };

  return (
    <div className={className ? `language-switch ${className}` : 'language-switch'}>
      <Icon icon="globe" size={14} className="language-switch__icon" aria-hidden />
      <HTMLSelect
        minimal
        value={shown}
        disabled={switching}
        aria-label={t('language.label')}
        options={options}
        onChange={(event) => choose(event.currentTarget.value)}
      />
    </div>
  );
}
