import {
  createTranslator,
  LANGUAGE_COOKIE,
  type MessageId,
  type MessagesResponse,
  type MessageValues,
} from '@msp/shared/browser';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../../platform/platform-context.js';
import { readInjectedJson } from '../injected-json.js';

/** A translated string by its catalogue id, with its ICU arguments. */
export type T = (id: MessageId, values?: MessageValues) => string;

interface I18nValue {
  language: string;
  dir: 'ltr' | 'rtl';
  t: T;
  /** Loads another language's strings, then shows it and remembers the choice. */
  setLanguage: (language: string) => Promise<void>;
  /** While another language's strings load. */
  switching: boolean;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The strings the server wrote into the page for the visitor's language (`#app-messages`), so
 * the first render needs no request and the bundle carries no catalogue, whatever the number of
 * languages.
 */
export function readInjectedMessages(): MessagesResponse | undefined {
  return readInjectedJson<MessagesResponse>('app-messages');
}

/** Remembers the visitor's choice for a year; the server reads it when it serves a page. */
function saveChoice(language: string) {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
  // An explicit ?lang= outranks the saved choice: keep the address saying what is shown.
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', language);
    window.history.replaceState(window.history.state, '', url);
  }
  document.documentElement.lang = language;
}

/**
 * The visitor's language and its strings. `initial` is what the server inlined (or, for the
 * prerender and the admin host, a catalogue they carry).
 */
export function I18nProvider({ initial, children }: { initial: MessagesResponse; children: ReactNode }) {
  const api = useApi();
  const [current, setCurrent] = useState(initial);
  const [switching, setSwitching] = useState(false);
  const setLanguage = useCallback(
    async (language: string) => {
      if (language === current.language) return;
      setSwitching(true);
      try {
        const next = await api.call('getMessages', { params: { language } });
        saveChoice(next.language);
        document.documentElement.dir = next.dir;
        setCurrent(next);
      } finally {
        setSwitching(false);
      }
    },
    [api, current.language],
  );
  const value = useMemo<I18nValue>(() => {
    const translate = createTranslator(current.language, current.messages);
    return {
      language: current.language,
      dir: current.dir,
      t: (id, values) => translate(id, values),
      setLanguage,
      switching,
    };
  }, [current, setLanguage, switching]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('I18nProvider is missing above this component');
  return value;
}

/** The translate function of the visitor's language. */
export function useT(): T {
  return useI18n().t;
}

/** The visitor's language, its direction, and how to change it. */
export function useLanguage() {
  const { language, dir, setLanguage, switching } = useI18n();
  return { language, dir, setLanguage, switching };
}
