import { useLanguage } from '../../lib/i18n/i18n-context.js';

/** A day as the page's language writes a date ("4 March 2026"); an unreadable one as nothing. */
export function useDateLabel(): (iso: string) => string {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : format.format(date);
  };
}
