import { Button, ButtonGroup } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import type { MessageId } from '@msp/shared/browser';
import { useT } from '../lib/i18n/i18n-context.js';
import { themeChoiceAtom, type ThemeChoice } from '../lib/theme.js';
import { useHydrated } from '../lib/use-hydrated.js';
import './ThemeSwitch.css';

const CHOICES: { value: ThemeChoice; label: MessageId; icon: 'flash' | 'moon' | 'desktop' }[] = [
  { value: 'light', label: 'theme.light', icon: 'flash' },
  { value: 'dark', label: 'theme.dark', icon: 'moon' },
  { value: 'system', label: 'theme.system', icon: 'desktop' },
];

/**
 * Light, dark or follow the operating system. Three toggle buttons rather than a menu: one click,
 * and no popover code on the landing page's critical path.
 */
export function ThemeSwitch() {
  const t = useT();
  const [savedChoice, setChoice] = useAtom(themeChoiceAtom);
  // The server's drawing cannot know the saved choice: no button is pressed in it. The page's loader
  // presses the saved one before the app runs (scripts/after-paint-loader.mjs, by `data-theme-choice`),
  // and React, which hydrates the drawing as it was drawn, presses it itself once hydrated.
  const choice = useHydrated() ? savedChoice : undefined;
  return (
    <ButtonGroup className="theme-switch" variant="minimal" role="group" aria-label={t('theme.label')}>
      {CHOICES.map((c) => (
        <Button
          key={c.value}
          size="small"
          variant="minimal"
          icon={c.icon}
          active={c.value === choice}
          aria-pressed={c.value === choice}
          aria-label={t(c.label)}
          data-theme-choice={c.value}
          title={t(c.label)}
          onClick={() => setChoice(c.value)}
        />
      ))}
    </ButtonGroup>
  );
}
