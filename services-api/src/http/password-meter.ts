import fs from 'node:fs';
import { createRequire } from 'node:module';
import { escapeHtml } from '@msp/shared';
import {
  COMMON_DICTIONARIES,
  ESTIMATOR_LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  WORD_SEPARATORS,
} from '../domain/passwords.js';
import { TaggedText } from './caching.js';

/** Where the password pages load the meter from; `?v=` names its content, so it can be kept a year. */
export const PASSWORD_METER_PATH = '/api/auth/password-meter.js';

const require = createRequire(import.meta.url);

/** What the meter judges with: the server's own rule and sentences (domain/passwords.ts). */
const RULE = {
  minLength: PASSWORD_MIN_LENGTH,
  maxPasswordLength: PASSWORD_MAX_LENGTH,
  minScore: PASSWORD_MIN_SCORE,
  commonDictionaries: COMMON_DICTIONARIES,
  wordSeparators: WORD_SEPARATORS.source,
  ...ESTIMATOR_LIMITS,
  messages: {
    ...PASSWORD_MESSAGES,
    empty: 'A few unrelated words make a strong password; no symbols or digits are needed.',
    good: 'The password is hard to guess.',
    strong: 'The password is very hard to guess.',
  },
};

let script: TaggedText | undefined;

/**
 * The meter's script: zxcvbn-ts with the same dictionaries the server judges with, then the meter
 * itself. About 1.7 MB (0.9 MB compressed), so only the password pages load it, after the form is
 * usable; read on first use, since most starts of the server never show one of those pages.
 */
export function passwordMeterScript(): TaggedText {
  if (script) return script;
  const parts = [
    '@zxcvbn-ts/core/dist/zxcvbn-ts.js',
    '@zxcvbn-ts/language-common/dist/zxcvbn-ts.js',
    '@zxcvbn-ts/language-en/dist/zxcvbn-ts.js',
  ].map((file) =>
    // The packages' browser builds end with a source map comment the server does not serve.
    fs.readFileSync(require.resolve(file), 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, ''),
  );
  const meter = fs
    .readFileSync(new URL('./password-meter.browser.js', import.meta.url), 'utf8')
    .replace('})(__PASSWORD_RULE__);', () => `})(${JSON.stringify(RULE)});`);
  // Each build assigns to `this.zxcvbnts`: in a classic script at the top level that is `window`.
  script = new TaggedText(`${parts.join(';\n')};\n${meter}`);
  return script;
}

/** A short name of the script's content. */
export const passwordMeterVersion = (): string => passwordMeterScript().etag.slice(0, 16);

/** The meter's address, naming its content so a browser keeps it until it changes. */
export const passwordMeterUrl = (): string => `${PASSWORD_METER_PATH}?v=${passwordMeterVersion()}`;

/**
 * The meter under a password field: hidden until its script runs, so a page without JavaScript
 * shows only the field's hint. `words` are those a password should not be built from beyond what
 * the page's own fields hold (`accountWords`: the account's, the product's and the provider's), so
 * the meter judges with the words the server will.
 */
export function passwordMeterHtml(words: readonly string[]): string {
  return `<div class="strength" id="password-strength" data-context="${escapeHtml(JSON.stringify(words))}" data-score="0" hidden>
<div class="strength-bar" aria-hidden="true"><span></span><span></span><span></span><span></span></div>
<p class="strength-text" id="password-strength-text" role="status" aria-live="polite"></p>
</div>`;
}
