import { Button, Callout, Intent, ProgressBar, Switch } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { HubSpotBackfill, HubSpotLastSync, HubSpotStatus } from '@msp/shared/browser';
import { useId } from 'react';
import { formatDateTime } from '../../lib/format-date.js';
import { useSetHubSpotSync, useStartHubSpotBackfill } from './hubspot-queries.js';

const count = (n: number) => n.toLocaleString('en');

/** How the latest sync of new leads and status changes went, HubSpot's words when it failed. */
function LastSync({ sync }: { sync: HubSpotLastSync | null }) {
  if (!sync) return <p className="admin-note">Nothing sent yet.</p>;
  const when = <time dateTime={sync.at}>{formatDateTime(sync.at)}</time>;
  if (sync.outcome === 'failed') {
    return (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} title="The last sync failed">
        <p className="admin-note">{when}: HubSpot said</p>
        <p className="admin-wrap hubspot-message">{sync.error}</p>
      </Callout>
    );
  }
  const sent = `${count(sync.contacts)} contact${sync.contacts === 1 ? '' : 's'} sent`;
  return sync.outcome === 'partial' ? (
    <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="Some contacts were refused">
      <p className="admin-note">
        {when}: {sent}.
      </p>
      <p className="admin-wrap hubspot-message">{sync.error}</p>
    </Callout>
  ) : (
    <p className="admin-note">
      Last sync {when}: {sent}.
    </p>
  );
}

/** A sync of every submission: its progress while it runs, what it came to after. */
function BackfillProgress({ backfill }: { backfill: HubSpotBackfill }) {
  const share = backfill.total > 0 ? Math.min(1, backfill.done / backfill.total) : 1;
  const counts = `${count(backfill.done)} of ${count(backfill.total)} submissions${
    backfill.skipped > 0 ? `, ${count(backfill.skipped)} without an email address skipped` : ''
  }`;
  if (backfill.state === 'running') {
    return (
      <div className="admin-list" role="status">
        <ProgressBar intent={Intent.PRIMARY} value={share} aria-label="Sync of all submissions" />
        <span className="admin-note">Sending: {counts}.</span>
        {backfill.error && (
          <span className="admin-note admin-wrap integration-result--failed">
            Retrying after: {backfill.error}
          </span>
        )}
      </div>
    );
  }
  if (backfill.state === 'failed') {
    return (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} title="The sync of all submissions stopped">
        <p className="admin-note">{counts}.</p>
        <p className="admin-wrap hubspot-message">{backfill.error}</p>
      </Callout>
    );
  }
  return (
    <p className="admin-note" role="status">
      All submissions sent{' '}
      {backfill.finishedAt && (
        <time dateTime={backfill.finishedAt}>{formatDateTime(backfill.finishedAt)}</time>
      )}
      : {counts}.
    </p>
  );
}

/**
 * The sync: the switch for new leads and status changes, how the last sync went, and "Sync all
 * submissions" with its progress (one at a time: the button waits while one runs).
 */
export function HubSpotSync({ status }: { status: HubSpotStatus }) {
  const hintId = useId();
  const setSync = useSetHubSpotSync();
  const backfill = useStartHubSpotBackfill();
  const running = status.backfill?.state === 'running';
  return (
    <section className="admin-list hubspot-sync" aria-label="Sync">
      <div>
        <Switch
          role="switch"
          large
          checked={status.syncEnabled}
          disabled={setSync.isPending}
          label="Send new leads and status changes to HubSpot"
          aria-describedby={hintId}
          onChange={(event) => setSync.mutate(event.currentTarget.checked)}
        />
        <p id={hintId} className="admin-note admin-wrap">
          Each new submission, and each change of a lead&apos;s status, is upserted as a contact within
          seconds, by email address. Submissions without an address are skipped.
          {status.pending > 0 && ` ${count(status.pending)} waiting to be sent.`}
        </p>
      </div>
      <LastSync sync={status.lastSync} />
      <div className="admin-list">
        <div>
          <Button
            icon={IconNames.AUTOMATIC_UPDATES}
            text="Sync all submissions"
            loading={backfill.isPending}
            disabled={running}
            onClick={() => backfill.mutate()}
          />
        </div>
        {status.backfill && <BackfillProgress backfill={status.backfill} />}
      </div>
    </section>
  );
}
