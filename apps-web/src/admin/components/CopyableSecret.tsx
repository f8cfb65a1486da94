import { Button, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useId, useRef } from 'react';
import { useCopyText } from '../lib/use-copy-text.js';
import './CopyableSecret.css';

/**
 * A secret shown once (a new API key's token, an invite link): labelled, wrapped to fit a phone,
 * selected whole by one click, with a Copy button. When the host refuses to copy, the text is left
 * selected for Ctrl+C.
 */
export function CopyableSecret({ label, value }: { label: string; value: string }) {
  const id = useId();
  const copy = useCopyText();
  const text = useRef<HTMLElement>(null);
  return (
    <div className="copyable-secret">
      <span id={`${id}-label`} className="copyable-secret__label">
        {label}
      </span>
      <code
        ref={text}
        className={`${Classes.CODE} copyable-secret__value`}
        aria-labelledby={`${id}-label`}
        // Focusable, so keyboard users can select it too.
        tabIndex={0}
      >
        {value}
      </code>
      <Button
        icon={IconNames.DUPLICATE}
        text="Copy"
        intent={Intent.PRIMARY}
        onClick={() =>
          void copy(value).then((copied) => {
            if (!copied && text.current) window.getSelection()?.selectAllChildren(text.current);
          })
        }
      />
    </div>
  );
}
