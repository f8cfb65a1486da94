import { Icon, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { VisitorChange } from '@msp/shared/browser';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { changeText, direction } from './change-text.js';

const ICONS = { up: IconNames.ARROW_UP, down: IconNames.ARROW_DOWN, same: IconNames.MINUS } as const;
/** Blueprint's own green and red, whose minimal tags keep their contrast in both themes. */
const INTENTS = { up: 'success', down: 'danger', same: 'none' } as const;

/** A change since the assessment before, in words beside an arrow: the words carry it, the colour adds to it. */
export function ChangeTag({ change }: { change: VisitorChange }) {
  const t = useT();
  const { language } = useLanguage();
  const way = direction(change);
  return (
    <Tag minimal round intent={INTENTS[way]} className="my-change">
      <Icon icon={ICONS[way]} size={12} aria-hidden /> {changeText(t, change, language)}
    </Tag>
  );
}
