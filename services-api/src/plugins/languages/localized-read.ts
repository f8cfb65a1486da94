import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import { cachedJson, type JsonText } from '../../http/route-adapter.js';
import { readLanguageTexts, type LanguageTexts } from './languages-service.js';

/**
 * A public read in the language its `?lang=` names (the default without one), serialized once per
 * language and content change. The address carries the language, so a cache keeps each apart.
 */
export async function localizedJson(
  db: Executor,
  cache: ContentCache,
  requested: string | undefined,
  name: string,
  build: (texts: LanguageTexts) => Promise<unknown>,
): Promise<JsonText> {
  const texts = await readLanguageTexts(db, cache, requested);
  return cachedJson(cache, `${name}:${texts.language}`, () => build(texts));
}
