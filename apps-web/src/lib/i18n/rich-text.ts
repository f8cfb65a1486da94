/**
 * Splits a translated message around one of its arguments, so a component can put an element
 * (a <code>, a link) where the translation puts the argument: word order is the translator's.
 * The argument is formatted as a marker no translation contains; the parts either side of it are
 * returned, or the whole text as `before` when the translation dropped the argument.
 */
export function splitAround(format: (marker: string) => string): {
  before: string;
  after: string;
  found: boolean;
} {
  const marker = '\u0000';
  const text = format(marker);
  const at = text.indexOf(marker);
  if (at < 0) return { before: text, after: '', found: false };
  return { before: text.slice(0, at), after: text.slice(at + marker.length), found: true };
}
