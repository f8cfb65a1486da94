import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './MultilineText.css';

/** A line that starts with a bullet (•, ◦, ▪) or a dash/asterisk followed by a space is a list item. */
const BULLET_LINE = /^\s*(?:[•◦▪‣]\s*|[-–—*]\s+)(.*)$/;

export type MultilineBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * Splits free text into blocks: runs of bullet/dash lines become one list, every other non-blank
 * line is its own paragraph. Blank lines only separate blocks (two lists split by a blank line stay two lists).
 */
export function parseMultilineText(text: string): MultilineBlock[] {
  const blocks: MultilineBlock[] = [];
  let list: string[] | null = null;
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (!line) {
      list = null;
      continue;
    }
    const bullet = BULLET_LINE.exec(line);
    if (bullet) {
      const item = (bullet[1] ?? '').trim();
      if (!item) continue;
      if (!list) {
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(item);
    } else {
      list = null;
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

export interface MultilineTextProps {
  /** The text to render; nothing is rendered when it is empty. */
  text: string | null | undefined;
  className?: string;
  /** Shown instead of nothing when the text is empty. */
  fallback?: ReactNode;
}

/** Renders multi-line text: bullet or dash lines as list items, other lines as paragraphs. */
export function MultilineText({ text, className, fallback = null }: MultilineTextProps) {
  const blocks = text ? parseMultilineText(text) : [];
  if (blocks.length === 0) return <>{fallback}</>;
  return (
    <div className={['multiline-text', Classes.RUNNING_TEXT, className].filter(Boolean).join(' ')}>
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
