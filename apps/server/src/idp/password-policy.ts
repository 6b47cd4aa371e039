import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** NIST SP 800-63B §3.1.1.2: at least 8 characters, at least 64 allowed (we allow 256), no composition rules. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
/** zxcvbn's score 2 ("somewhat guessable", about 10^8 guesses) is far beyond online guessing under throttling. */
const MIN_STRENGTH_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are large: loaded on the first password checked, never at start-up. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  })();
  return estimator;
}

/**
 * Why a new password is refused, in the words the form shows, or undefined when it is acceptable: too
 * short, too long, or common and easy to guess (a list of common passwords, words, names, keyboard
 * patterns and dates, and the person's own name and address).
 */
export async function passwordProblem(
  password: string,
  personalWords: readonly (string | undefined)[] = [],
): Promise<string | undefined> {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const words = personalWords.flatMap((word) => (word ? word.toLowerCase().split(/[\s@.]+/) : [])).filter(Boolean);
  const result = (await loadEstimator()).check(password, words);
  if (result.score < MIN_STRENGTH_SCORE) {
    return 'This password is common or easy to guess. Try a few unrelated words together.';
  }
  return undefined;
}
