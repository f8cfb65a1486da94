import { HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { UNIT_KINDS, type AdminLanguage } from '@msp/shared/browser';
import { useMemo } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';
import { useTranslationGrid } from './queries.js';
import {
  KIND_LABELS,
  ROWS_PER_PAGE,
  STATUS_LABELS,
  filterRows,
  filtersFrom,
  pageOf,
} from './translation-filters.js';
import { TranslationFilesBar } from './TranslationFilesBar.js';
import { TranslationRowEditor } from './TranslationRowEditor.js';

const count = new Intl.NumberFormat('en-US');

/** One language's texts: counts, filters, export and import, and a page of rows edited in place. */
export function TranslationGridPanel({
  language,
  source,
}: {
  language: AdminLanguage;
  source: AdminLanguage;
}) {
  const grid = useTranslationGrid(language.tag);
  const { params, update } = useUrlParams();
  const { status, kind, search } = filtersFrom(params, UNIT_KINDS);
  const filters = useMemo(() => ({ status, kind, search }), [status, kind, search]);
  const filtered = useMemo(() => filterRows(grid.data?.rows ?? [], filters), [grid.data, filters]);
  const page = pageOf(filtered, pageParam(params));
  const set = (changes: Record<string, string>, replace = false) =>
    update({ ...changes, page: null }, replace);

  let body;
  if (grid.isPending) {
    body = (
      <ListSkeleton
        label="Loading translations"
        listClassName="translation-rows"
        cardClassName="translation-row"
        bare
        count={5}
      />
    );
  } else if (grid.isError) {
    body = (
      <LoadFailedState
        title="Failed to Load Translations"
        description={<code className="admin-error-text">{errorText(grid.error)}</code>}
        query={grid}
      />
    );
  } else if (filtered.length === 0) {
    body = (
      <AdminState
        headingLevel={2}
        icon={IconNames.SEARCH}
        title="No texts match these filters."
        description="Change the status, the kind or the search to see more texts."
      />
    );
  } else {
    body = (
      <>
        <ul className="translation-rows" aria-label={`Texts in ${language.name}`}>
          {page.rows.map((row) => (
            <TranslationRowEditor key={row.unit} row={row} language={language} source={source} />
          ))}
        </ul>
        <Pager
          label="Pages of texts"
          loading={false}
          onPage={(next) => update({ page: String(next) })}
          pagination={{
            page: page.page,
            pageSize: ROWS_PER_PAGE,
            total: filtered.length,
            totalPages: page.totalPages,
            totalCapped: false,
          }}
        />
      </>
    );
  }

  const counts = grid.data?.counts;
  return (
    <AdminPanel role="region" aria-labelledby="translations-heading">
      <div className="admin-panel__header">
        <h2 id="translations-heading" className="admin-title">
          {language.name} texts
        </h2>
        {counts && (
          <p className="admin-inline translation-counts" aria-label="Progress">
            <Tag minimal intent={Intent.DANGER}>
              {count.format(counts.missing)} missing
            </Tag>
            <Tag minimal intent={Intent.WARNING}>
              {count.format(counts.changed)} changed
            </Tag>
            <Tag minimal intent={Intent.SUCCESS}>
              {count.format(counts.translated)} of {count.format(counts.total)} translated
            </Tag>
          </p>
        )}
      </div>
      <TranslationFilesBar language={language.tag} languageName={language.name} />
      <div className="admin-inline translation-filters" role="search" aria-label="Filter texts">
        <HTMLSelect
          aria-label="Status"
          value={filters.status}
          onChange={(event) => set({ status: event.currentTarget.value })}
        >
          <option value="all">Every status</option>
          <option value="pending">Pending (missing or changed)</option>
          {(['missing', 'changed', 'translated'] as const).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Kind"
          value={filters.kind}
          onChange={(event) => set({ kind: event.currentTarget.value })}
        >
          <option value="all">Every kind</option>
          {UNIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          className="translation-filters__search"
          type="search"
          leftIcon={IconNames.SEARCH}
          aria-label="Search texts"
          placeholder="Search texts and ids"
          value={filters.search}
          onValueChange={(value) => set({ search: value }, true)}
        />
      </div>
      {body}
    </AdminPanel>
  );
}
