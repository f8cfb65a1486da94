import { Classes, ControlGroup, InputGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';

export interface SubmissionsSearchProps {
  term: string;
  onTermChange: (value: string) => void;
  sourceText: string;
  onSourceChange: (value: string) => void;
  campaignText: string;
  onCampaignChange: (value: string) => void;
  /** A new search is being read while the last results stay on screen. */
  searching: boolean;
}

/** The search box (name, email or company) and the exact source and campaign above the list. */
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
      <ControlGroup fill>
        <InputGroup
          type="search"
          placeholder="utm_source"
          leftElement={
            <span className={`${Classes.TEXT_MUTED} submissions-filter__label`} aria-hidden>
              Source
            </span>
          }
          aria-label="Filter by source"
          value={props.sourceText}
          onValueChange={props.onSourceChange}
        />
        <InputGroup
          type="search"
          placeholder="utm_campaign"
          leftElement={
            <span className={`${Classes.TEXT_MUTED} submissions-filter__label`} aria-hidden>
              Campaign
            </span>
          }
          aria-label="Filter by campaign"
          value={props.campaignText}
          onValueChange={props.onCampaignChange}
        />
      </ControlGroup>
    </div>
  );
}
