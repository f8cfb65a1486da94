import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared';
import { scriptsOfPage, sizeOfScripts } from './landing-bundle.js';
import { startProductServer } from './product-server.js';

export interface LanguageCountFigure {
  languages: string[];
  /**
   * gzip bytes of the JavaScript the landing page's HTML loads, per language served: before its
   * first paint (a language without a prerendered page) or right after it (one with).
   */
  scriptBytes: Record<string, number>;
  /** gzip bytes of the strings inlined in the page (`#app-messages`), per language served. */
  messagesBytes: Record<string, number>;
}

/**
 * The landing page's weight as the number of languages grows (issue 37): the page served with one,
 * two and three languages offered, each language's page measured. The JavaScript must stay the same
 * bytes whatever the count (no catalogue is bundled); only the one language's strings are inlined.
 * The third language is a stand-in: every product string stored for it, so its page carries a
 * full catalogue.
 */
export async function measureLandingByLanguageCount(distDir: string): Promise<{
  figures: LanguageCountFigure[];
  /** Catalogue strings of the shipped non-English languages found in any JavaScript file of the build. */
  bundledStrings: string[];
}> {
  const product = await startProductServer(process.env.BENCH_DATABASE_URL, 'error', { webDistDir: distDir });
  const gzipOf = (text: string | Buffer) => gzipSync(text).length;
  const measure = async (languages: string[]): Promise<LanguageCountFigure> => {
    product.server.app.ctx.cache.invalidate();
    const figure: LanguageCountFigure = { languages, scriptBytes: {}, messagesBytes: {} };
    for (const language of languages) {
      const html = await (await fetch(`${product.url}/?lang=${language}`)).text();
      const scripts = scriptsOfPage(html);
      figure.scriptBytes[language] = sizeOfScripts(distDir, [
        ...scripts.beforePaint,
        ...scripts.afterPaint,
        ...scripts.onIntent,
      ]).total;
      const inlined =
        /<script id="app-messages" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
      figure.messagesBytes[language] = gzipOf(inlined);
    }
    return figure;
  };
  try {
    const { db } = product;
    await db('languages').whereNot({ tag: 'en' }).delete();
    const one = await measure(['en']);
    await db('languages').insert({ tag: 'de', is_default: false });
    const two = await measure(['en', 'de']);
    await db('languages').insert({ tag: 'nl', is_default: false });
    await db('translations').insert(
      Object.entries(EN_MESSAGES).map(([id, text]) => ({
        language: 'nl',
        unit: `ui.${id}`,
        text: `${text} `,
      })),
    );
    const three = await measure(['en', 'de', 'nl']);
    const assets = path.join(distDir, 'assets');
    const scripts = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'));
    const bundledStrings = Object.entries(BUILT_IN_CATALOGUES)
      .filter(([language]) => language !== 'en')
      .flatMap(([, messages]) => Object.values(messages))
      .filter((text) => text.length >= 16 && !(Object.values(EN_MESSAGES) as string[]).includes(text))
      .filter((text) => scripts.some((script) => script.includes(text)));
    return { figures: [one, two, three], bundledStrings };
  } finally {
    await product.close();
  }
}
