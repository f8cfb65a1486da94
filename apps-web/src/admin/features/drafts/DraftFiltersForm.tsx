import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useOfferedLanguages } from '../../lib/languages.js';
import type { useDraftsFilters } from './use-drafts-filters.js';
import { DateRangeFields } from '../../components/DateRangeFields.js';

export interface DraftFiltersFormProps {
  state: ReturnType<typeof useDraftsFilters>;
  /** A new search is being read while the last results stay on screen. */
  searching: boolean;
}

/**
 * The filters above the saved drafts: text in the email, name or company, the language, and the
 * days of the last activity.
 */
export function DraftFiltersForm({ state, searching }: DraftFiltersFormProps) {
  const { filters, setFilter, datesBackwards } = state;
  const languages = useOfferedLanguages(filters.language);
  return (
    <form
      className="admin-filters drafts-filters"
      role="search"
      aria-label="Filter the saved drafts"
      onSubmit={(e) => e.preventDefault()}
    >
      <FormGroup label="Search" labelFor="drafts-search" className="drafts-filters__search">
        <InputGroup
          id="drafts-search"
          type="search"
          leftIcon={IconNames.SEARCH}
          placeholder="Email, name or company"
          value={state.searchText}
          onValueChange={state.setSearchText}
          rightElement={
            searching ? (
              <Tag minimal role="status">
                Searching…
              </Tag>
            ) : undefined
          }
        />
      </FormGroup>
      <FormGroup label="Language" labelFor="drafts-language" className="drafts-filters__language">
        <HTMLSelect
          id="drafts-language"
          fill
          value={filters.language ?? ''}
          onChange={(event) => setFilter('language', event.currentTarget.value)}
          options={[
            { value: '', label: 'All languages' },
            ...languages.map(({ tag, label }) => ({ value: tag, label })),
          ]}
        />
      </FormGroup>
      <DateRangeFields
        idPrefix="drafts"
        fromLabel="Last activity from"
        startDate={filters.startDate}
        endDate={filters.endDate}
        backwards={datesBackwards}
        onChange={setFilter}
      />
      {state.filtered && (
        <Button
          className="admin-filters__clear"
          variant="minimal"
          icon={IconNames.CROSS}
          text="Clear filters"
          onClick={state.clearFilters}
        />
      )}
    </form>
  );
}
