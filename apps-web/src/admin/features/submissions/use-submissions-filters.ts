import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';

const SEARCH_DELAY_MS = 300;

/** What the list is narrowed to: the search text and the exact source and campaign. */
export interface SubmissionsFilter {
  search: string;
  source: string;
  campaign: string;
}

/** Why an empty list is empty, for a list narrowed by source or campaign (and perhaps a search). */
export function noMatchDescription({ search, source, campaign }: SubmissionsFilter): string {
  const origin = [source && `source “${source}”`, campaign && `campaign “${campaign}”`]
    .filter(Boolean)
    .join(' and ');
  const matching = search ? ` with a name, email or company matching “${search}”` : '';
  return `No submission came from ${origin}${matching}.`;
}

/** What the total beside the title counts, for a screen reader. */
export function totalLabel(total: number, narrowed: boolean): string {
  if (narrowed) return ' matching submissions';
  return total === 1 ? ' submission' : ' submissions';
}

/**
 * A text box whose settled value (after a pause in typing) replaces a parameter of the screen's
 * URL and starts at the first page; typing adds no history entries.
 */
function useSettledText(current: string, settle: (value: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== current) settle(settled);
    // Only the settled text changes the URL; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

/**
 * The screen's place, kept in the URL (?page=2&search=acme&source=…&id=…) so Back and links
 * restore it, with the text boxes that change it once typing pauses.
 */
export function useSubmissionsFilters() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const search = params.get('search') ?? '';
  const source = params.get('source') ?? '';
  const campaign = params.get('campaign') ?? '';
  const selectedId = params.get('id');

  // A new search, source or campaign starts at its first page.
  const [term, setTerm] = useSettledText(search, (value) => update({ search: value, page: null }, true));
  const [sourceText, setSourceText] = useSettledText(source, (value) =>
    update({ source: value, page: null }, true),
  );
  const [campaignText, setCampaignText] = useSettledText(campaign, (value) =>
    update({ campaign: value, page: null }, true),
  );
  const filtered = Boolean(source || campaign);
  const clearFilters = () => {
    setSourceText('');
    setCampaignText('');
  };

  return {
    page,
    search,
    source,
    campaign,
    selectedId,
    update,
    term,
    setTerm,
    sourceText,
    setSourceText,
    campaignText,
    setCampaignText,
    filtered,
    clearFilters,
  };
}
