import { Classes, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useOfferedLanguages } from '../../lib/languages.js';
import {
  ATTRIBUTION_FILTERS,
  type AttributionFilterName,
  type VisitsFilter,
} from './use-submissions-filters.js';

export interface SubmissionsSearchProps {
  term: string;
  onTermChange: (value: string) => void;
  /** Each attribution filter's text box: what is typed, and how it changes. */
  boxes: Record<AttributionFilterName, readonly [string, (value: string) => void]>;
  /** A new search is being read while the last results stay on screen. */
  searching: boolean;
  /** The language chosen (a tag), empty for every language, and how it changes. */
  language: string;
  onLanguageChange: (tag: string) => void;
  /** First-time or returning visitors only, or everyone (empty), and how it changes. */
  visits: VisitsFilter;
  onVisitsChange: (visits: VisitsFilter) => void;
}

const VISITS_OPTIONS = [
  { value: '', label: 'All visitors' },
  { value: 'first', label: 'First-time' },
  { value: 'returning', label: 'Returning' },
];

/**
 * The search box (name, email or company), the exact source, medium, campaign and referral code,
 * and the language above the list.
 */
export function SubmissionsSearch(props: SubmissionsSearchProps) {
  const languages = useOfferedLanguages(props.language);
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
        <label className="submissions-filter submissions-filter--select">
          <span className={`${Classes.TEXT_MUTED} submissions-filter__label`}>Language</span>
          <HTMLSelect
            className="admin-select"
            fill
            value={props.language}
            onChange={(event) => props.onLanguageChange(event.currentTarget.value)}
            aria-label="Filter by language"
            options={[
              { value: '', label: 'All languages' },
              ...languages.map(({ tag, label }) => ({ value: tag, label })),
            ]}
          />
        </label>
        <label className="submissions-filter submissions-filter--select">
          <span className={`${Classes.TEXT_MUTED} submissions-filter__label`}>Visitors</span>
          <HTMLSelect
            className="admin-select"
            fill
            value={props.visits}
            onChange={(event) => props.onVisitsChange(event.currentTarget.value as VisitsFilter)}
            aria-label="Filter by first-time or returning visitors"
            options={VISITS_OPTIONS}
          />
        </label>
      </div>
    </div>
  );
}
