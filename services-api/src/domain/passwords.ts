import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/**
 * The lowest zxcvbn score accepted. Score 3 means the estimate is at least 10^8 guesses, zxcvbn's
 * "safely unguessable: moderate protection from an offline slow-hash attack"; our hashes are that
 * slow hash (argon2id, below), so it is the floor that still protects a password if the database
 * leaks. Score 2 protects only against online guessing, which the sign-in limits already slow
 * down. Every whole password on the shipped common and breached list scores at most 1.
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * argon2id at 64 MiB, 3 passes and 4 lanes: above OWASP's current minimum, and the parameters of
 * every hash stored so far. Each hash names its own parameters, so changing these later keeps old
 * hashes verifying.
 */
// The library's `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = { algorithm: 2 as Algorithm, memoryCost: 65_536, timeCost: 3, parallelism: 4 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Verifying against a real hash when the account does not exist keeps response times alike, so
// timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * The estimate's cost grows fast with length and with characters that read as letters (1, !, @):
 * 200 such characters took 1.5 s of the event loop. Judging the first 64 characters (ASVS's
 * longest required) with fewer letter substitutions keeps the worst case near 0.1 s, and a
 * password whose first 64 characters are hard to guess is hard to guess.
 */
export const ESTIMATOR_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 20 } as const;

// The dictionaries take about a third of a second and 40 MB to build: the first password chosen
// pays for them, not every start of the server (most starts never see a new password).
let estimator: Promise<ZxcvbnFactory> | undefined;

function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    // The same packages and options as the strength meter on the password pages
    // (http/password-meter.js), so the meter and this rule agree.
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      ...ESTIMATOR_LIMITS,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/**
 * The words of the account and the product, split the way people reuse them in a password
 * ("owner", "msp", "example" of owner@msp.example): a password built from them is easy to guess
 * for anyone who knows whose it is (OWASP ASVS 5.0, 6.2.11).
 */
export function contextWords(...values: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const whole = value.trim().toLowerCase();
    if (whole.length >= 3) words.add(whole);
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * The words a password of this account must not be built from: its email and names, and the
 * product's and the provider's names, which anyone who knows where the account is can guess. In
 * the order the strength meter gathers them (the fields on its page first), since zxcvbn ranks the
 * words by their place.
 */
export function accountWords(
  account: { email?: string | null; firstName?: string | null; lastName?: string | null },
  names: { productName: string; providerName: string },
): string[] {
  return contextWords(
    account.email,
    account.firstName,
    account.lastName,
    names.productName,
    names.providerName,
  );
}

/** The dictionaries of common and breached passwords, by their names in zxcvbn-ts. */
export const COMMON_DICTIONARIES = ['passwords', 'passwords-common'];

/** What people put between the words of a password: spaces and punctuation. */
export const WORD_SEPARATORS = /[\s\p{P}]+/gu;

/** Every sentence the rule answers with; the strength meter shows the same ones. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  onlySpaces: 'Password cannot be only spaces',
  tooCommon:
    'Password is too common: it is on a list of common and breached passwords. Try a few unrelated words.',
  tooEasy: 'Password is too easy to guess.',
  accountWords: "Your name, your email and this site's names add nothing to it.",
  tryWords: 'Try a few unrelated words.',
} as const;

/** Whether zxcvbn found a password of the common and breached list in it. */
function containsCommonPassword(result: ZxcvbnResult): boolean {
  return result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      COMMON_DICTIONARIES.includes(String((match as { dictionaryName?: string }).dictionaryName)),
  );
}

/**
 * What is left of a password, lower case, once the account's words and the spaces and punctuation
 * around them are taken out; null when it holds none of them. Whoever guesses at an account knows
 * its words, so they add nothing, and zxcvbn alone undercounts them: it gives each further piece of
 * a password a floor of guesses, so the space in "Founder Person" lifted Founder Person's own name
 * to an accepted score. Longest words first, so a whole name goes before its parts.
 */
export function withoutAccountWords(password: string, words: readonly string[]): string | null {
  const lower = password.toLowerCase();
  let rest = lower;
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest === lower ? null : rest.replace(WORD_SEPARATORS, '');
}

/** Length in characters as a person counts them: an emoji is one, not two UTF-16 units. */
const characterCount = (password: string) => [...password].length;

/**
 * What is wrong with a new password, in a sentence naming the field, or null when it may be used.
 * OWASP ASVS 5.0 (6.2): at least 12 characters, any characters, no composition rules; refused when
 * it is on the shipped list of common and breached passwords or otherwise easy to guess. The one
 * rule for every way a password is chosen: invites, resets, founder setup and the command line.
 */
export async function passwordProblem(
  password: string,
  context: { userInputs?: string[] } = {},
): Promise<string | null> {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password.trim() === '') return PASSWORD_MESSAGES.onlySpaces;
  const estimator = await passwordEstimator();
  const words = context.userInputs ?? [];
  const result = estimator.check(password, words);
  if (result.score >= PASSWORD_MIN_SCORE) {
    const rest = withoutAccountWords(password, words);
    if (rest === null || (rest !== '' && estimator.check(rest, words).score >= PASSWORD_MIN_SCORE))
      return null;
    return [PASSWORD_MESSAGES.tooEasy, PASSWORD_MESSAGES.accountWords, PASSWORD_MESSAGES.tryWords].join(' ');
  }
  if (containsCommonPassword(result)) return PASSWORD_MESSAGES.tooCommon;
  const why = result.feedback.warning ?? result.feedback.suggestions[0];
  return [PASSWORD_MESSAGES.tooEasy, why, PASSWORD_MESSAGES.tryWords].filter(Boolean).join(' ');
}
