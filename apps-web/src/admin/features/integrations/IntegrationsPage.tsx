import { Button, Callout, Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { DeliveryFailure, JobKind, Integrations } from '@msp/shared/browser';
import { useId, type ReactNode } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { EmbedPanel } from './EmbedPanel.js';
import { ChatWebhookPanel } from './ChatWebhookPanel.js';
import { HubSpotPanel } from './HubSpotPanel.js';
import { testEmailDelivery, useIntegrations, useSendTestEmail, useSendTestWebhook } from './queries.js';
import './integrations.css';

const KIND_LABELS: Record<JobKind, string> = {
  analysis: 'Analysis',
  email: 'Results email',
  webhook: 'Webhook',
  invite_email: 'Invite email',
  password_reset: 'Password reset',
  retention: 'Data retention',
  visitor_sign_in: 'Visitor sign-in link',
  reassess_reminder: 'Reminder to reassess',
  draft_link: 'Continue-later link',
  team_invite: 'Team invite',
  hubspot_sync: 'HubSpot sync',
  lead_notification: 'Lead notifications',
  lead_email: 'Lead email',
  chat_notification: 'Chat message',
  lead_clock: 'Digest and due-step clock',
};

/**
 * Integrations (/admin/integrations): what this server is configured to do with the outside world,
 * read from its environment (so changed there, not here), tests of mail and webhooks, and the
 * latest failed deliveries. Secrets are never sent to the browser: only whether they are set.
 */
export default function IntegrationsPage() {
  useAdminTitle('Integrations');
  const integrations = useIntegrations();
  useQueryErrorToast(integrations, 'Failed to load integrations');

  let content;
  if (integrations.isPending) {
    content = (
      <div className="integrations-grid" role="status" aria-label="Loading integrations">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} className={`integration-card integration-card--skeleton ${Classes.SKELETON}`} />
        ))}
      </div>
    );
  } else if (integrations.isError) {
    content = (
      <LoadFailedState
        title="Failed to load integrations"
        description={<code className="admin-error-text">{errorText(integrations.error)}</code>}
        query={integrations}
      />
    );
  } else {
    content = (
      <>
        <div className="integrations-grid">
          <EmailCard email={integrations.data.email} />
          <WebhookCard webhook={integrations.data.webhook} />
          <AnalysisCard analysis={integrations.data.analysis} />
          <SsoCard sso={integrations.data.sso} />
          <ProxiesCard proxies={integrations.data.trustedProxies} />
        </div>
        <EmbedPanel embed={integrations.data.embed} />
        <ChatWebhookPanel />
        <HubSpotPanel />
        <FailuresCard
          failures={integrations.data.failures}
          onRefresh={() => void integrations.refetch()}
          refreshing={integrations.isFetching}
        />
      </>
    );
  }

  return (
    <div className="admin-list">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Integrations</h1>
          <p className="admin-page-header__description">
            What this server is set up to do, from its environment settings. Secrets are never shown, only
            whether they are set.
          </p>
        </div>
      </header>
      {content}
    </div>
  );
}

interface IntegrationCardProps {
  title: string;
  icon: IconName;
  /** A short verdict beside the title: what this server does. */
  status: string;
  on: boolean;
  children: ReactNode;
  /** What the admin must know beyond the facts: below them, outside their list. */
  notice?: ReactNode;
  actions?: ReactNode;
}

function IntegrationCard({ title, icon, status, on, children, notice, actions }: IntegrationCardProps) {
  const headingId = useId();
  return (
    <Card className="admin-card integration-card" role="region" aria-labelledby={headingId}>
      <div className="admin-inline integration-card__head">
        <h2 id={headingId} className="admin-title">
          {title}
        </h2>
        <Tag minimal round icon={icon} intent={on ? Intent.SUCCESS : Intent.NONE}>
          {status}
        </Tag>
      </div>
      <dl className="admin-info admin-list">{children}</dl>
      {notice}
      {actions && <div className="integration-card__actions">{actions}</div>}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="integration-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the last test answered, read out when it arrives. */
function TestResult({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role="status"
      className={ok ? 'admin-note admin-wrap' : 'admin-note admin-wrap integration-result--failed'}
    >
      {children}
    </p>
  );
}

function EmailCard({ email }: { email: Integrations['email'] }) {
  const send = useSendTestEmail();
  const result = send.data;
  return (
    <IntegrationCard
      title="Email"
      icon={IconNames.ENVELOPE}
      status={email.transport === 'smtp' ? 'SMTP' : 'Outbox only'}
      on={email.transport === 'smtp'}
      notice={email.transport !== 'smtp' && <EmailNotConfigured />}
      actions={
        <>
          <Button
            icon={IconNames.SEND_MESSAGE}
            text="Send test email"
            loading={send.isPending}
            onClick={() => send.mutate()}
          />
          {result && (
            <TestResult ok={result.sent}>
              {result.sent ? testEmailDelivery(result) : `Not sent: ${result.error ?? 'no reason given'}`}
            </TestResult>
          )}
        </>
      }
    >
      <Fact label="Delivery">
        {email.transport === 'smtp' ? (
          <>
            SMTP server <code>{email.smtpHost}</code>
          </>
        ) : (
          'Written as .eml files to the outbox folder on the server (SMTP_URL is not set)'
        )}
      </Fact>
      <Fact label="From">{email.from}</Fact>
    </IntegrationCard>
  );
}

/**
 * Without SMTP nothing reaches anyone's inbox, and Forgot password cannot help: the admin is told
 * what that means and how each person still gets in.
 */
function EmailNotConfigured() {
  return (
    <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="Email is not configured">
      <p className="admin-wrap">
        No results emails, invites or password reset links reach anyone. Set <code>SMTP_URL</code> on the
        server. Until then, copy each person&rsquo;s link from Users; an administrator locked out sets a new
        password on the server with <code>npm run admin:create</code>.
      </p>
    </Callout>
  );
}

function WebhookCard({ webhook }: { webhook: Integrations['webhook'] }) {
  const send = useSendTestWebhook();
  const reasonId = useId();
  const result = send.data;
  return (
    <IntegrationCard
      title="Webhooks"
      icon={IconNames.SEND_MESSAGE}
      status={webhook.configured ? 'On' : 'Off'}
      on={webhook.configured}
      actions={
        <>
          <Button
            icon={IconNames.SEND_MESSAGE}
            text="Send test webhook"
            loading={send.isPending}
            disabled={!webhook.configured}
            aria-describedby={webhook.configured ? undefined : reasonId}
            onClick={() => send.mutate()}
          />
          {!webhook.configured && (
            <p id={reasonId} className="admin-note admin-wrap">
              No webhook target: set WEBHOOK_URL and WEBHOOK_SECRET on the server.
            </p>
          )}
          {result && (
            <TestResult ok={result.delivered}>
              {result.delivered
                ? `Delivered: ${result.targetHost} answered ${result.httpStatus} in ${result.durationMs} ms.`
                : `Not delivered: ${result.error ?? 'no reason given'}`}
            </TestResult>
          )}
        </>
      }
    >
      <Fact label="Target">{webhook.targetHost ? <code>{webhook.targetHost}</code> : 'None'}</Fact>
      <Fact label="Signing secret">{webhook.secretSet ? 'Set' : 'Not set'}</Fact>
    </IntegrationCard>
  );
}

function AnalysisCard({ analysis }: { analysis: Integrations['analysis'] }) {
  const model = analysis.analyst === 'model';
  return (
    <IntegrationCard
      title="AI analysis"
      icon={IconNames.LIGHTBULB}
      status={model ? 'Model' : 'Built-in analyst'}
      on={model}
    >
      <Fact label="Written by">
        {model ? (
          <>
            Model <code>{analysis.model}</code>, with the built-in analyst when it fails
          </>
        ) : (
          'The built-in analyst, from the pillar levels and the matrix (OPENAI_API_KEY is not set)'
        )}
      </Fact>
      {model && (
        <Fact label="Endpoint">
          {analysis.endpointHost ? <code>{analysis.endpointHost}</code> : 'OpenAI'}
        </Fact>
      )}
    </IntegrationCard>
  );
}

function SsoCard({ sso }: { sso: Integrations['sso'] }) {
  return (
    <IntegrationCard
      title="Single sign-on"
      icon={IconNames.KEY}
      status={sso.enabled ? 'On' : 'Off'}
      on={sso.enabled}
    >
      <Fact label="Issuer">
        {sso.issuer ? <code>{sso.issuer}</code> : 'None: people sign in with email and password'}
      </Fact>
    </IntegrationCard>
  );
}

function ProxiesCard({ proxies }: { proxies: readonly string[] }) {
  return (
    <IntegrationCard
      title="Trusted proxies"
      icon={IconNames.GLOBE_NETWORK}
      status={proxies.length > 0 ? `${proxies.length} trusted` : 'None'}
      on={proxies.length > 0}
    >
      <Fact label="Client address">
        {proxies.length > 0 ? (
          <>
            Read from X-Forwarded-For behind{' '}
            {proxies.map((proxy, index) => (
              <span key={proxy}>
                {index > 0 && ', '}
                <code>{proxy}</code>
              </span>
            ))}
          </>
        ) : (
          'The connecting address (X-Forwarded-For is not believed)'
        )}
      </Fact>
    </IntegrationCard>
  );
}

function FailuresCard({
  failures,
  onRefresh,
  refreshing,
}: {
  failures: readonly DeliveryFailure[];
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const headingId = useId();
  return (
    <Card className="admin-card integration-card" role="region" aria-labelledby={headingId}>
      <div className="admin-inline integration-card__head">
        <h2 id={headingId} className="admin-title">
          Recent delivery failures
        </h2>
        <Button
          size="small"
          variant="minimal"
          icon={IconNames.REFRESH}
          text="Refresh"
          loading={refreshing}
          onClick={onRefresh}
        />
      </div>
      {failures.length === 0 ? (
        <Callout intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE} compact>
          No failed deliveries: every email, webhook and analysis went through.
        </Callout>
      ) : (
        <ul className="admin-rows" aria-label="Failed deliveries">
          {failures.map((failure) => (
            <li key={failure.jobId} className="integration-failure">
              <div className="admin-inline">
                <strong>{KIND_LABELS[failure.kind]}</strong>
                <Tag minimal intent={failure.status === 'failed' ? Intent.DANGER : Intent.WARNING}>
                  {failure.status === 'failed' ? 'Gave up' : 'Retrying'}
                </Tag>
                <time dateTime={failure.at} className="admin-note">
                  {formatDateTime(failure.at)}
                </time>
                <span className="admin-note">
                  {failure.attempts} of {failure.maxAttempts} attempts
                </span>
              </div>
              <p className={`${Classes.MONOSPACE_TEXT} admin-note admin-wrap`}>{failure.error}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
