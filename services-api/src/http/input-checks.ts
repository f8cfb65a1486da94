import { INPUT_MAX_DEPTH } from '@msp/shared';

/** Characters PostgreSQL cannot store: NUL anywhere, and UTF-16 surrogates without their pair. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** What is wrong with an input, and where: the dotted path of the value (or key) at fault. */
export interface InputFault {
  path: string;
  problem: string;
}

export const TOO_DEEP = `is nested more than ${INPUT_MAX_DEPTH} levels deep`;
export const UNSTORABLE_TEXT = 'contains a NUL character or an unpaired surrogate';

/**
 * A value still to look at. Each knows its parent, so the path of a fault is put together only
 * when there is one, instead of a copy of the path being made for every value on the way.
 */
interface Pending {
  value: unknown;
  key: string;
  depth: number;
  parent: Pending | null;
}

function pathOf(pending: Pending, last?: string): string {
  const keys = last === undefined ? [] : [last];
  for (let at: Pending | null = pending; at; at = at.parent) keys.push(at.key);
  return keys.reverse().filter(Boolean).join('.');
}

/**
 * The first thing in an input (a body, a query, params) that no route can take: nesting deeper than
 * INPUT_MAX_DEPTH, or a string (value or key) PostgreSQL could not store; null when there is none.
 * Iterative, and stopping at the first fault, so a hostile body of any depth costs one pass over
 * its bytes at most, and never the call stack. `location` starts every path ('query', 'params').
 */
export function findInputFault(input: unknown, location = ''): InputFault | null {
  const stack: Pending[] = [{ value: input, key: location, depth: 0, parent: null }];
  for (let pending = stack.pop(); pending; pending = stack.pop()) {
    const { value, depth } = pending;
    if (typeof value === 'string') {
      if (!isStorable(value)) return { path: pathOf(pending), problem: UNSTORABLE_TEXT };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= INPUT_MAX_DEPTH) return { path: pathOf(pending), problem: TOO_DEEP };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    const children: Pending[] = [];
    for (const [key, item] of entries) {
      const name = String(key);
      if (!Array.isArray(value) && !isStorable(name))
        return { path: pathOf(pending, '(key)'), problem: UNSTORABLE_TEXT };
      children.push({ value: item, key: name, depth: depth + 1, parent: pending });
    }
    // Reversed onto the stack, so values are looked at in order and the first fault found is the
    // first in the input.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
