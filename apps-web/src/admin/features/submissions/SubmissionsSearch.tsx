import { Classes, InputGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { ATTRIBUTION_FILTERS, type AttributionFilterName } from './use-submissions-filters.js';

export interface SubmissionsSearchProps {
  term: string;
  onTermChange: (value: string) => void;
  /** Each attribution filter's text box: what is typed, and how it changes. */
  boxes: Record<AttributionFilterName, readonly [string, (value: string) => void]>;
  /** A new search is being read while the last results stay on screen. */
  searching: boolean;
}

/**
 * The search box (name, email or company) and the exact source, medium, campaign and referral
 * code above the list.
 */
export function SubmissionsSearch(props: SubmissionsSearchProps) {
  return (
    <div className="admin-list submissions-search">
      <InputGroup
        type="search"
        leftIcon={IconNames.SEARCH}
        placeholder="Search name, email or company"
        aria-label="Search submissions"
        value={props.term}
        onValueChange={props.onTermChange}
        rightElement={
          props.searching ? (
            <Tag minimal role="status">
              Searching…
            </Tag>
          ) : undefined
        }
      />
      <div className="submissions-filters">
        {ATTRIBUTION_FILTERS.map(({ name, label, placeholder, said }) => {
          const [text, setText] = props.boxes[name];
          return (
            <InputGroup
              key={name}
              type="search"
              placeholder={placeholder}
              leftElement={
                <span className={`${Classes.TEXT_MUTED} submissions-filter__label`} aria-hidden>
                  {label}
                </span>
              }
              aria-label={`Filter by ${said}`}
              value={text}
              onValueChange={setText}
            />
          );
        })}
      </div>
    </div>
  );
}
