import { Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { API_KEY_PERMISSION_INFO } from '../api-keys/public.js';
import type { ApiBodyField, ApiEndpoint, ApiParameter } from './openapi-endpoints.js';

const METHOD_INTENT: Record<string, Intent> = {
  GET: Intent.SUCCESS,
  POST: Intent.PRIMARY,
  PUT: Intent.WARNING,
  PATCH: Intent.WARNING,
  DELETE: Intent.DANGER,
};

/** Text with Markdown's `inline code` spans, as the document's descriptions are written. */
function DocText({ text }: { text: string }) {
  return (
    <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>
  );
}

/** One parameter or body field: name, where it goes, its type, whether it is required, what it is. */
function Field({ field, place }: { field: ApiParameter | ApiBodyField; place?: string }) {
  return (
    <li className="api-field">
      <div className="admin-inline">
        <strong className={Classes.MONOSPACE_TEXT}>{field.name}</strong>
        {place && <span className="admin-note">{place}</span>}
        <span className={`${Classes.MONOSPACE_TEXT} admin-note admin-wrap`}>{field.type}</span>
        {field.required ? (
          <span className="admin-note admin-error">required</span>
        ) : (
          <span className="admin-note">optional</span>
        )}
      </div>
      {field.description && (
        <p className="admin-note admin-wrap">
          <DocText text={field.description} />
        </p>
      )}
      {'example' in field && field.example !== undefined && (
        <p className="admin-note admin-wrap">
          e.g. <code>{field.example}</code>
        </p>
      )}
    </li>
  );
}

/** A JSON example, folded away until wanted. */
function Example({ title, value }: { title: string; value: unknown }) {
  return (
    <details>
      <summary>{title}</summary>
      <pre className={`${Classes.CODE_BLOCK} api-example`} tabIndex={0}>
        <code>{JSON.stringify(value, null, 2)}</code>
      </pre>
    </details>
  );
}

/** An operation of /api/v1 as the OpenAPI document describes it. */
export function EndpointCard({ endpoint }: { endpoint: ApiEndpoint }) {
  const permission = endpoint.permission ? API_KEY_PERMISSION_INFO[endpoint.permission] : null;
  const details =
    endpoint.description && endpoint.description !== endpoint.summary ? endpoint.description : null;
  return (
    <Card className="admin-card admin-list" role="region" aria-label={endpoint.id}>
      <div className="admin-inline">
        <Tag className={Classes.MONOSPACE_TEXT} intent={METHOD_INTENT[endpoint.method] ?? Intent.NONE}>
          {endpoint.method}
        </Tag>
        <code className={`${Classes.CODE} admin-wrap`}>{endpoint.path}</code>
        {permission && (
          <Tag icon={IconNames.KEY} minimal round title={`Needs a key with ${permission.label} or more`}>
            {permission.label}
          </Tag>
        )}
        {endpoint.deprecated && (
          <Tag minimal intent={Intent.WARNING}>
            Deprecated
          </Tag>
        )}
      </div>
      {endpoint.summary && <p className="admin-wrap">{endpoint.summary}</p>}
      {details && (
        <p className="admin-note admin-wrap api-endpoint__description">
          <DocText text={details} />
        </p>
      )}

      {endpoint.parameters.length > 0 && (
        <section>
          <h4 className="admin-overline">Parameters</h4>
          <ul className="admin-rows">
            {endpoint.parameters.map((parameter) => (
              <Field key={`${parameter.in}:${parameter.name}`} field={parameter} place={parameter.in} />
            ))}
          </ul>
        </section>
      )}

      {endpoint.body && (
        <section>
          <h4 className="admin-overline">
            Request body <span className={Classes.MONOSPACE_TEXT}>{endpoint.body.type}</span>
          </h4>
          {endpoint.body.fields.length > 0 && (
            <ul className="admin-rows">
              {endpoint.body.fields.map((field) => (
                <Field key={field.name} field={field} />
              ))}
            </ul>
          )}
          {endpoint.body.example !== undefined && (
            <Example title="Example request" value={endpoint.body.example} />
          )}
        </section>
      )}

      {endpoint.responses.length > 0 && (
        <section>
          <h4 className="admin-overline">Responses</h4>
          <ul className="admin-list api-responses">
            {endpoint.responses.map((response) => (
              <li key={response.status} className="admin-inline admin-wrap">
                <Tag
                  minimal
                  className={Classes.MONOSPACE_TEXT}
                  intent={response.status.startsWith('2') ? Intent.SUCCESS : Intent.DANGER}
                >
                  {response.status}
                </Tag>
                <span>
                  {/* The success answer is described by the summary above. */}
                  <DocText
                    text={
                      response.description === endpoint.summary && response.status.startsWith('2')
                        ? 'Success'
                        : response.description
                    }
                  />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {endpoint.example !== undefined && <Example title="Example response" value={endpoint.example} />}
    </Card>
  );
}
