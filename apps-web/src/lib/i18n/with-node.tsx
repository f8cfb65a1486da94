import type { ReactNode } from 'react';

/** What a message's argument is set to where an element goes: no translation contains it. */
export const NODE_MARK = '\u0001';

/**
 * A translated sentence with an element (a bold word, an asterisk) where its argument stands, so a
 * translator moves the word within the sentence instead of the sentence being cut into pieces.
 * `text` is the message formatted with that argument set to NODE_MARK.
 */
export function withNode(text: string, node: ReactNode): ReactNode {
  const at = text.indexOf(NODE_MARK);
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at)}
      {node}
      {text.slice(at + NODE_MARK.length)}
    </>
  );
}
