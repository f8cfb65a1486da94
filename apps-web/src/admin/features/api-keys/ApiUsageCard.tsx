import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton.js';
import { PublicLink } from '../../components/PublicLink.js';
import { useAdminHref } from '../../routing.js';
import { useCopyText } from '../../lib/use-copy-text.js';
import { API_V1_PATH, curlExample, OPENAPI_DOCUMENT_PATH, TOKEN_PLACEHOLDER } from './api-access.js';
import { KeyHeaderList } from './KeyHeaderList.js';
import { useApiV1BaseUrl } from './use-api-v1-base-url.js';

/** Usage help: how a key is sent, with a curl call to copy, and where the full reference is. */
export function ApiUsageCard() {
  const baseUrl = useApiV1BaseUrl();
  const href = useAdminHref();
  const copy = useCopyText();
  const example = curlExample({ baseUrl });
  return (
    <Card className="admin-card admin-list" role="region" aria-labelledby="api-usage-heading">
      <h2 id="api-usage-heading" className="admin-title">
        Using an API key
      </h2>
      <p className="admin-muted">
        Send the key with every request to <code>{baseUrl}</code>, in either header:
      </p>
      <KeyHeaderList />
      <div className="api-usage__example">
        <pre className={Classes.CODE_BLOCK} aria-label="Example request" tabIndex={0}>
          <code>{example}</code>
        </pre>
        <Button
          icon={IconNames.DUPLICATE}
          variant="minimal"
          size="small"
          aria-label="Copy the example request"
          className="api-usage__copy"
          onClick={() => void copy(example)}
        />
      </div>
      <p className="admin-muted">
        Replace <code>{TOKEN_PLACEHOLDER}</code> with your key. A disabled, deleted or mistyped key gets{' '}
        <code>401</code>; a key without the permission a call needs gets <code>403</code>.
      </p>
      <p className="admin-muted">
        Every call, its parameters and its answers are described in the OpenAPI 3.1 document, which client
        generators read. It needs no key:{' '}
        <PublicLink className="api-usage__document" path={`${API_V1_PATH}${OPENAPI_DOCUMENT_PATH}`} newTab>
          {baseUrl}
          {OPENAPI_DOCUMENT_PATH}
        </PublicLink>
      </p>
      <LinkButton
        to={href('api-docs')}
        icon={IconNames.DOCUMENT}
        text="API Documentation"
        intent={Intent.PRIMARY}
        variant="outlined"
      />
    </Card>
  );
}
