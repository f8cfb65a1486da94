import { Button, FormGroup, InputGroup, Intent, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useClampedPage } from '../../lib/use-url-params.js';
import { useAdminHref } from '../../routing.js';
import { OrganisationDetailView } from './OrganisationDetailView.js';
import { OrganisationTable } from './OrganisationTable.js';
import { useExportOrganisations, useOrganisations } from './queries.js';
import { useOrganisationsOrder } from './use-organisations-order.js';
import './organisations.css';

const count = new Intl.NumberFormat('en-US');

/**
 * Organisations (/admin/organisations): each company email domain whose people assessed, with its
 * members, submissions, team level and trend; searchable by domain, sortable by each column, and
 * exported as CSV or XLSX in the list's order. ?domain=… opens one organisation's detail.
 */
export default function OrganisationsPage() {
  const state = useOrganisationsOrder();
  const { page, order, domain, update } = state;
  useAdminTitle(domain ?? 'Organisations');
  const href = useAdminHref();
  const hrefOf = (d: string) => `${href('organisations')}?domain=${encodeURIComponent(d)}`;

  const list = useOrganisations(page, order);
  useQueryErrorToast(list, 'Failed to fetch the organisations');
  const exportOrganisations = useExportOrganisations();
  useClampedPage(page, list.data?.pagination.totalPages, update);
  const total = list.data?.pagination.total;

  if (domain)
    return <OrganisationDetailView key={domain} domain={domain} onBack={() => update({ domain: null })} />;

  let content;
  if (list.isPending) {
    content = (
      <ListSkeleton
        label="Loading organisations"
        listClassName="skeleton-rows"
        cardClassName=""
        bare
        count={6}
      />
    );
  } else if (list.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch the organisations"
        description={<code className="admin-error-text">{errorText(list.error)}</code>}
        query={list}
      />
    );
  } else if (list.data.organisations.length === 0) {
    content = order.search ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.FILTER_REMOVE}
        title="No matching organisations"
        description={`No organisation's domain contains “${order.search}”.`}
        actions={<Button icon={IconNames.CROSS} text="Clear search" onClick={state.clearSearch} />}
      />
    ) : (
      <AdminState
        headingLevel={2}
        icon={IconNames.OFFICE}
        title="No organisation has assessed yet"
        description="When someone submits from a company address, their domain appears here with everyone else from it. Free-mail addresses never form an organisation."
      />
    );
  } else {
    content = (
      <>
        <div
          aria-busy={list.isPlaceholderData}
          className={list.isPlaceholderData ? 'admin-stale' : undefined}
        >
          <OrganisationTable
            organisations={list.data.organisations}
            order={order}
            onSort={state.sortBy}
            hrefOf={hrefOf}
            onOpen={(d) => update({ domain: d })}
          />
        </div>
        <Pager
          label="Pages of organisations"
          pagination={list.data.pagination}
          loading={list.isPlaceholderData}
          onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      </>
    );
  }

  const exportMenu = (
    <Menu aria-label="Export format">
      <MenuItem
        icon={IconNames.DOCUMENT}
        text="CSV"
        onClick={() => exportOrganisations.mutate({ format: 'csv', order })}
      />
      <MenuItem
        icon={IconNames.DOCUMENT}
        text="XLSX"
        onClick={() => exportOrganisations.mutate({ format: 'xlsx', order })}
      />
    </Menu>
  );

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title admin-inline">
            Organisations
            {total !== undefined && (
              <Tag round intent={Intent.PRIMARY}>
                {count.format(total)}
                <span className="visually-hidden">
                  {order.search ? ' matching' : ''} {total === 1 ? 'organisation' : 'organisations'}
                </span>
              </Tag>
            )}
          </h1>
          <p className="admin-page-header__description">
            Companies whose people assessed, by email domain: how many, how often, the team’s level (the mean
            of each member’s latest) and how it moved at its last change.
          </p>
        </div>
        <Popover content={exportMenu} placement="bottom-end" disabled={total === 0}>
          <Button
            icon={IconNames.DOWNLOAD}
            endIcon={IconNames.CARET_DOWN}
            text="Export"
            loading={exportOrganisations.isPending}
            disabled={total === 0}
          />
        </Popover>
      </header>

      <AdminPanel role="region" aria-label="Organisations">
        <div className="admin-filters organisations-filters">
          <FormGroup label="Search" labelFor="organisations-search" className="organisations-filters__search">
            <InputGroup
              id="organisations-search"
              type="search"
              leftIcon={IconNames.SEARCH}
              placeholder="Part of a domain"
              value={state.searchText}
              onValueChange={state.setSearchText}
            />
          </FormGroup>
        </div>
        {content}
      </AdminPanel>
    </div>
  );
}
