import { Card } from '@blueprintjs/core';
import type { OpenApiDocument } from '@msp/shared/browser';
import { PublicLink } from '../../components/PublicLink.js';
import { API_V1_PATH, OPENAPI_DOCUMENT_PATH } from '../api-keys/public.js';

/**
 * What every call shares: where the API is, where its document is published without a key (once
 * the document is in), the one error shape and the rate limit.
 */
export function ApiFactsCard({
  baseUrl,
  document,
}: {
  baseUrl: string;
  document: OpenApiDocument | undefined;
}) {
  const info = document?.info;
  const openapi = document?.openapi;
  return (
    <Card className="admin-card" role="region" aria-label="Base URL">
      <dl className="admin-info admin-list admin-list--grid api-docs-grid">
        <div>
          <dt className="admin-overline">Base URL</dt>
          <dd>
            <code>{baseUrl}</code>
          </dd>
        </div>
        {info && (
          <div>
            <dt className="admin-overline">Specification</dt>
            <dd>
              {info.title} {info.version} · OpenAPI {openapi}, published without a key at{' '}
              <PublicLink
                className="api-docs__document"
                path={`${API_V1_PATH}${OPENAPI_DOCUMENT_PATH}`}
                newTab
              >
                {baseUrl}
                {OPENAPI_DOCUMENT_PATH}
              </PublicLink>
            </dd>
          </div>
        )}
        <div>
          <dt className="admin-overline">Errors</dt>
          <dd>
            One JSON body: <code>statusCode</code>, <code>error</code>, <code>message</code> and, for bad
            input, the field at fault.
          </dd>
        </div>
        <div>
          <dt className="admin-overline">Rate limit</dt>
          <dd>
            Per key. Over it, the answer is <code>429</code> and <code>Retry-After</code> says when to try
            again.
          </dd>
        </div>
      </dl>
    </Card>
  );
}
