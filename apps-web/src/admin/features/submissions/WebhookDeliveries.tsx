import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@msp/shared/browser';
import { formatDateTime } from '../../lib/format-date.js';

const STATUS: Record<WebhookDeliveryStatus, { label: string; intent: Intent }> = {
  pending: { label: 'Pending', intent: Intent.NONE },
  retrying: { label: 'Retrying', intent: Intent.WARNING },
  delivered: { label: 'Delivered', intent: Intent.SUCCESS },
  failed: { label: 'Failed', intent: Intent.DANGER },
};

export interface WebhookDeliveriesProps {
  /** Undefined while the detail loads. */
  deliveries: readonly WebhookDelivery[] | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Every webhook delivery of a submission with each attempt's time, answer or error, and duration. */
export function WebhookDeliveries({ deliveries, onRefresh, refreshing }: WebhookDeliveriesProps) {
  return (
    <section aria-labelledby="submission-webhooks-heading">
      <h3 id="submission-webhooks-heading" className="admin-overline admin-inline submission-section__title">
        Webhook deliveries
        {deliveries && (
          <Tag minimal round>
            {deliveries.length}
          </Tag>
        )}
        <Button
          size="small"
          variant="minimal"
          icon={IconNames.REFRESH}
          aria-label="Refresh webhook deliveries"
          title="Refresh"
          loading={refreshing}
          onClick={onRefresh}
        />
      </h3>
      {deliveries === undefined ? (
        <div role="status" aria-label="Loading webhook deliveries">
          <span className={`skeleton-line ${Classes.SKELETON}`} aria-hidden />
        </div>
      ) : deliveries.length === 0 ? (
        <p className="admin-muted">This submission has no webhook deliveries.</p>
      ) : (
        <ul className="admin-rows">
          {deliveries.map((delivery) => {
            const status = STATUS[delivery.status];
            return (
              <li key={delivery.id} className="submission-answer">
                <div className="admin-inline webhook-delivery__head">
                  <Tag minimal intent={status.intent} round>
                    {status.label}
                  </Tag>
                  <code className={`admin-wrap ${Classes.TEXT_SMALL}`} title="webhook-id">
                    {delivery.id}
                  </code>
                  <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                    queued <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
                  </span>
                </div>
                {delivery.attempts.length > 0 && (
                  <ol
                    className="admin-list admin-note webhook-attempts"
                    aria-label={`Attempts of ${delivery.id}`}
                  >
                    {delivery.attempts.map((attempt) => (
                      <li
                        key={attempt.attempt}
                        className={`admin-inline${attempt.succeeded ? '' : ' webhook-attempt--failed'}`}
                      >
                        <strong>#{attempt.attempt}</strong>
                        <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
                        <span className="webhook-attempt__status">
                          {attempt.httpStatus !== null ? `HTTP ${attempt.httpStatus}` : 'No answer'}
                        </span>
                        {attempt.durationMs !== null && (
                          <span className={Classes.TEXT_MUTED}>{attempt.durationMs} ms</span>
                        )}
                        {attempt.error && (
                          <span className="admin-wrap webhook-attempt__error">{attempt.error}</span>
                        )}
                      </li>
                    ))}
                  </ol>
                )}
                {delivery.nextAttemptAt && (
                  <p className="admin-note">
                    Next attempt{' '}
                    <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
