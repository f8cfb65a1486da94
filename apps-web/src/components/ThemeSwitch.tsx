import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { themeChoiceAtom, type ThemeChoice } from '../app/theme.js';

const CHOICES: { value: ThemeChoice; label: string; icon: 'flash' | 'moon' | 'desktop' }[] = [
  { value: 'light', label: 'Light', icon: 'flash' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
  { value: 'system', label: 'System', icon: 'desktop' },
];

/** Theme menu: light, dark or follow the operating system. */
export function ThemeSwitch() {
  const [choice, setChoice] = useAtom(themeChoiceAtom);
  const current = CHOICES.find((c) => c.value === choice) ?? CHOICES[1]!;
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label="Theme">
          {CHOICES.map((c) => (
            <MenuItem
              key={c.value}
              icon={c.icon}
              text={c.label}
              roleStructure="listoption"
              selected={c.value === choice}
              onClick={() => setChoice(c.value)}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon={current.icon} aria-label={`Theme: ${current.label}`} title="Theme" />
    </Popover>
  );
}
