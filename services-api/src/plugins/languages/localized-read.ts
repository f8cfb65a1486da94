import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import { cachedJson, type JsonText } from '../../http/route-adapter.js';
import { languageOfRead, readLanguageTexts, type LanguageTexts } from './languages-service.js';

/**
 * A public read in the language its `?lang=` names (the default without one), serialized once per
 * language and content change. The address carries the language, so a cache keeps each apart.
 * Once the languages and the read are cached it is handed back at once, not through a promise, as
 * `cachedJson` does: a hot read is answered in the same turn.
 */
export function localizedJson(
  db: Executor,
  cache: ContentCache,
  requested: string | undefined,
  name: string,
  build: (texts: LanguageTexts) => Promise<unknown>,
): JsonText | Promise<JsonText> {
  const read = (language: string) =>
    cachedJson(cache, `${name}:${language}`, async () => build(await readLanguageTexts(db, cache, language)));
  const language = languageOfRead(db, cache, requested);
  return typeof language === 'string' ? read(language) : language.then(read);
}
