import { Classes, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useOfferedLanguages } from '../../lib/languages.js';
import {
  ATTRIBUTION_FILTERS,
  type AttributionFilterName,
  type LeadFilter,
  type VisitsFilter,
} from './use-submissions-filters.js';
import { useLeadOwners, useLeadStatuses } from './lead-queries.js';
import { NEXT_STEP_FILTERS } from './lead-text.js';

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
  /** The lead desk's filters and order, and how each changes. */
  lead: LeadFilter;
  onLeadChange: (name: keyof LeadFilter, value: string) => void;
}

const SORT_OPTIONS = [
  { value: '', label: 'Newest first' },
  { value: 'nextStep', label: 'Next step soonest' },
];

/** A labelled select of the filter row. */
function FilterSelect(props: {
  label: string;
  said: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="submissions-filter submissions-filter--select">
      <span className={`${Classes.TEXT_MUTED} submissions-filter__label`}>{props.label}</span>
      <HTMLSelect
        className="admin-select"
        fill
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        aria-label={props.said}
        options={props.options}
      />
    </label>
  );
}

/** The lead desk's filters: status, owner, next step, and the list's order. */
function LeadFilters({ lead, onLeadChange }: Pick<SubmissionsSearchProps, 'lead' | 'onLeadChange'>) {
  const statuses = useLeadStatuses();
  const owners = useLeadOwners();
  return (
    <>
      <FilterSelect
        label="Status"
        said="Filter by lead status"
        value={lead.status}
        onChange={(value) => onLeadChange('status', value)}
        options={[
          { value: '', label: 'All statuses' },
          ...(statuses.data?.statuses ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
        ]}
      />
      <FilterSelect
        label="Owner"
        said="Filter by owner"
        value={lead.owner}
        onChange={(value) => onLeadChange('owner', value)}
        options={[
          { value: '', label: 'Anyone' },
          { value: 'none', label: 'Nobody' },
          ...(owners.data?.owners ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
        ]}
      />
      <FilterSelect
        label="Next step"
        said="Filter by next step"
        value={lead.nextStep}
        onChange={(value) => onLeadChange('nextStep', value)}
        options={NEXT_STEP_FILTERS.map(({ value, label }) => ({ value, label }))}
      />
      <FilterSelect
        label="Order"
        said="Order of the list"
        value={lead.sort}
        onChange={(value) => onLeadChange('sort', value)}
        options={SORT_OPTIONS}
      />
    </>
  );
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
        <LeadFilters lead={props.lead} onLeadChange={props.onLeadChange} />
      </div>
    </div>
  );
}
