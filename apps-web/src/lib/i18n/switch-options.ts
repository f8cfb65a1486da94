import { languageInfo, type PublicConfig } from '@msp/shared/browser';

type Offered = PublicConfig['languages'];

/**
 * The languages to list: the offered ones, and the current one even when it is not (an address
 * may ask for a language an administrator has just withdrawn). Before hydration only the current
 * one: the prerendered page cannot know which languages are offered when it is served, and a
 * native select's options are part of its HTML.
 */
export function switchOptions(
  offered: Offered,
  current: string,
  hydrated: boolean,
): { value: string; label: string }[] {
  const currentName = offered.find((l) => l.tag === current)?.nativeName ?? languageInfo(current)?.nativeName;
  const own = { value: current, label: currentName ?? current };
  if (!hydrated) return [own];
  const listed = offered.map((l) => ({ value: l.tag, label: l.nativeName }));
  return listed.some((l) => l.value === current) ? listed : [own, ...listed];
}
