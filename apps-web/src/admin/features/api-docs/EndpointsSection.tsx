import { Card } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { errorText } from '../../../lib/api-errors.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { EndpointCard } from './EndpointCard.js';
import type { ApiEndpointGroup } from './openapi-endpoints.js';
import type { useOpenApiDocument } from './queries.js';

/**
 * Every endpoint a key holder can call, grouped as the document tags them; while the document
 * loads, a skeleton, and when it cannot be read, why, with a retry.
 */
export function EndpointsSection({
  document,
  groups,
}: {
  document: ReturnType<typeof useOpenApiDocument>;
  groups: readonly ApiEndpointGroup[] | null;
}) {
  const count = groups?.reduce((sum, group) => sum + group.endpoints.length, 0) ?? 0;

  let endpoints;
  if (document.isPending) {
    endpoints = (
      <ListSkeleton
        label="Loading endpoints"
        listClassName="admin-list"
        cardClassName="admin-card"
        count={3}
      />
    );
  } else if (document.isError) {
    endpoints = (
      <Card>
        <LoadFailedState
          title="Failed to load the API documentation"
          description={<code className="admin-error-text">{errorText(document.error)}</code>}
          query={document}
        />
      </Card>
    );
  } else if (!groups || groups.length === 0) {
    endpoints = (
      <Card>
        <AdminState
          headingLevel={2}
          icon={IconNames.DOCUMENT}
          title="No endpoints documented"
          description="The OpenAPI document lists no operations."
        />
      </Card>
    );
  } else {
    endpoints = groups.map((group, index) => (
      <section key={group.name} className="admin-list" aria-labelledby={`api-docs-group-${index}`}>
        <h3 id={`api-docs-group-${index}`} className="admin-title">
          {group.name}
        </h3>
        {group.description && <p className="admin-note">{group.description}</p>}
        <div className="admin-list">
          {group.endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </div>
      </section>
    ));
  }

  return (
    <section className="admin-list" aria-labelledby="api-docs-endpoints-heading">
      <div className="admin-inline">
        <h2 id="api-docs-endpoints-heading" className="admin-page-header__title">
          Endpoints
        </h2>
        {groups && count > 0 && (
          <p className="admin-note">
            {count} {count === 1 ? 'endpoint' : 'endpoints'}, from the OpenAPI specification
          </p>
        )}
      </div>
      {endpoints}
    </section>
  );
}
