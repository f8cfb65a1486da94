import { languageInfo, type PublicConfig } from '@msp/shared/browser';

type Offered = PublicConfig['languages'];

/**
 * The languages to list: the offered ones, and the current one even when it is not (an address
 * may ask for a language an administrator has just withdrawn). Only the current one where the
 * page's drawing could not know which are offered (`offeredKnown` false: the build's own prerender
 * of the landing page, sent where the server could not draw it), as a native select's options are
 * part of its HTML and hydration must find what was drawn. The server draws its pages with the
 * languages in effect, so a visitor can switch before the app runs.
 */
export function switchOptions(
  offered: Offered,
  current: string,
  offeredKnown: boolean,
): { value: string; label: string }[] {
  const currentName = offered.find((l) => l.tag === current)?.nativeName ?? languageInfo(current)?.nativeName;
  const own = { value: current, label: currentName ?? current };
  if (!offeredKnown) return [own];
  const listed = offered.map((l) => ({ value: l.tag, label: l.nativeName }));
  return listed.some((l) => l.value === current) ? listed : [own, ...listed];
}
