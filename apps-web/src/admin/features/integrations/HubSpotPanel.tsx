import { Button, Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { HubSpotStatus } from '@msp/shared/browser';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmAlert } from '../../components/ConfirmAlert.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { formatDateTime } from '../../lib/format-date.js';
import { HubSpotConnectForm } from './HubSpotConnectForm.js';
import { HubSpotMapping } from './HubSpotMapping.js';
import { HubSpotSync } from './HubSpotSync.js';
import { hubspotErrorText, useDisconnectHubSpot, useHubSpot } from './hubspot-queries.js';
import './hubspot.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="integration-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The connected account: which token (its last four), which account, since when; replace or disconnect. */
function Connected({ status }: { status: HubSpotStatus }) {
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectHubSpot();
  return (
    <>
      <dl className="admin-info admin-list hubspot-facts">
        <Fact label="Access token">
          <code>{status.tokenLastFour ? `••••${status.tokenLastFour}` : 'Stored'}</code>
        </Fact>
        <Fact label="HubSpot account">{status.portalId ?? 'Not known to this token'}</Fact>
        {status.connectedAt && (
          <Fact label="Connected">
            <time dateTime={status.connectedAt}>{formatDateTime(status.connectedAt)}</time>
          </Fact>
        )}
      </dl>
      {replacing ? (
        <HubSpotConnectForm onCancel={() => setReplacing(false)} />
      ) : (
        <div className="hubspot-actions">
          <Button icon={IconNames.KEY} text="Replace token" onClick={() => setReplacing(true)} />
          <Button
            icon={IconNames.DISABLE}
            intent={Intent.DANGER}
            variant="outlined"
            text="Disconnect"
            onClick={() => setConfirming(true)}
          />
        </div>
      )}
      <HubSpotSync status={status} />
      <HubSpotMapping status={status} />
      <ConfirmAlert
        isOpen={confirming}
        busy={disconnect.isPending}
        intent={Intent.DANGER}
        icon={IconNames.DISABLE}
        confirmButtonText="Disconnect"
        onCancel={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p>Disconnect HubSpot?</p>
        <p className="admin-note">
          The token and the field mapping are forgotten and nothing more is sent. The contacts already in
          HubSpot stay there.
        </p>
      </ConfirmAlert>
    </>
  );
}

/**
 * HubSpot on the Integrations screen (issue 41): connect with a private app's token, then the
 * sync switch, "Sync all submissions", the field mapping and the last sync's outcome in HubSpot's
 * words. The token is never sent back: only its last four characters.
 */
export function HubSpotPanel() {
  const headingId = useId();
  const hubspot = useHubSpot();
  const status = hubspot.data;

  let body;
  if (hubspot.isPending) {
    body = (
      <div className={`hubspot-skeleton ${Classes.SKELETON}`} role="status" aria-label="Loading HubSpot" />
    );
  } else if (hubspot.isError) {
    body = (
      <LoadFailedState
        title="Failed to load HubSpot"
        description={<code className="admin-error-text">{hubspotErrorText(hubspot.error)}</code>}
        query={hubspot}
      />
    );
  } else if (!status?.connected) {
    body = <HubSpotConnectForm />;
  } else {
    body = <Connected status={status} />;
  }

  return (
    <Card className="admin-card integration-card hubspot-panel" role="region" aria-labelledby={headingId}>
      <div className="admin-inline integration-card__head">
        <h2 id={headingId} className="admin-title">
          HubSpot
        </h2>
        <Tag
          minimal
          round
          icon={IconNames.DATA_CONNECTION}
          intent={status?.connected ? (status.syncEnabled ? Intent.SUCCESS : Intent.PRIMARY) : Intent.NONE}
        >
          {status?.connected ? (status.syncEnabled ? 'Syncing' : 'Connected, sync off') : 'Not connected'}
        </Tag>
      </div>
      <p className="admin-note admin-wrap">
        Leads become HubSpot contacts, found by email address, with their levels, source, campaign, status and
        a link back here.
      </p>
      {body}
    </Card>
  );
}
