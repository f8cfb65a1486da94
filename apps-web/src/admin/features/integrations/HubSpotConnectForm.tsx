import { Button, Callout, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConnectHubSpotRequest, HUBSPOT_TOKEN_MAX_LENGTH } from '@msp/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showServerIssues } from '../../api/server-issues.js';
import { TextField } from '../../components/form/index.js';
import { hubspotErrorText, useConnectHubSpot } from './hubspot-queries.js';

type ConnectValues = z.input<typeof ConnectHubSpotRequest>;
type ConnectOutput = z.output<typeof ConnectHubSpotRequest>;

/** The scopes the private app needs: read and write contacts, read and create contact properties. */
export const HUBSPOT_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
] as const;

/**
 * Connect (or reconnect) with a private app's access token. The server checks it with HubSpot
 * before storing it: a token HubSpot refuses is shown at the field in HubSpot's words, and any
 * other failure (HubSpot down, unreachable) above the button.
 */
export function HubSpotConnectForm({ onCancel }: { onCancel?: () => void }) {
  const form = useForm<ConnectValues, unknown, ConnectOutput>({
    defaultValues: { accessToken: '' },
    resolver: zodResolver(ConnectHubSpotRequest),
  });
  const connect = useConnectHubSpot();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ accessToken }) => {
    setProblem(null);
    try {
      await connect.mutateAsync(accessToken);
      form.reset();
      onCancel?.();
    } catch (error) {
      if (!showServerIssues(form, error)) setProblem(hubspotErrorText(error));
    }
  });

  return (
    <form className="hubspot-connect" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="admin-note admin-wrap">
        In HubSpot, create a private app (Settings, Integrations, Private apps) with the scopes{' '}
        {HUBSPOT_SCOPES.map((scope, index) => (
          <span key={scope}>
            {index > 0 && ', '}
            <code>{scope}</code>
          </span>
        ))}
        , then paste its access token here.
      </p>
      <TextField
        control={form.control}
        name="accessToken"
        label="Private app access token"
        required
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={HUBSPOT_TOKEN_MAX_LENGTH}
        placeholder="pat-na1-…"
        hint="Checked with HubSpot, then stored encrypted; only its last four characters are shown again."
      />
      {problem && (
        <Callout intent={Intent.DANGER} icon={IconNames.ERROR} role="alert" title="Not connected">
          <p className="admin-wrap">{problem}</p>
        </Callout>
      )}
      <div className="hubspot-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={IconNames.LINK}
          text="Connect HubSpot"
          loading={connect.isPending}
        />
        {onCancel && <Button text="Cancel" onClick={onCancel} disabled={connect.isPending} />}
      </div>
    </form>
  );
}
