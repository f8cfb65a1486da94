import { canonicalLanguageTag } from '../../i18n/languages.js';
import { LanguageTag } from '../common.js';

/**
 * Only submissions taken in one language: a BCP 47 tag, matched as the language list writes it
 * ("DE" finds "de"). A malformed tag is refused; a well-formed one no submission was taken in
 * simply matches nothing, as any other exact filter does.
 */
export const LanguageFilter = {
  language: LanguageTag.transform((tag) => canonicalLanguageTag(tag) ?? tag)
    .optional()
    .meta({ description: 'Only submissions taken in this language: a BCP 47 tag such as "de" or "en"' }),
};
