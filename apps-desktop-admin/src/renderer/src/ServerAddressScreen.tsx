import { Button, Callout, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { DesktopBridge } from '../../shared/bridge.js';
import './server-address-screen.css';

const schema = z.object({
  address: z.string().trim().min(1, 'Enter the server’s address, e.g. https://assess.example.com'),
});
type Values = z.infer<typeof schema>;

export interface ServerAddressScreenProps {
  bridge: DesktopBridge;
  /** The address in use, when the admin came here from the menu to change it. */
  current: string | null;
  onConnected(url: string): void;
  /** Back to the admin without a change; absent on first run. */
  onCancel?: () => void;
}

/**
 * Where the app learns which server to talk to: on first run, and from the menu's Change Server.
 * Main checks the address (https, or http on this computer; GET /api/config answering) before it
 * keeps it, and says plainly what is wrong.
 */
export function ServerAddressScreen({ bridge, current, onConnected, onCancel }: ServerAddressScreenProps) {
  const [connectedTo, setConnectedTo] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { address: current ?? '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  // Blueprint's InputGroup takes the input's ref as inputRef.
  const { ref: addressRef, ...addressField } = register('address');

  const submit = handleSubmit(async ({ address }) => {
    const check = await bridge.setServerUrl(address);
    if (!check.ok) {
      setError('address', { message: check.error }, { shouldFocus: true });
      return;
    }
    setConnectedTo(check.productName);
    onConnected(check.url);
  });

  return (
    <main className="server-address">
      <Card className="server-address__card" elevation={2}>
        <img className="server-address__logo" src="/favicon.svg" alt="" width={48} height={48} />
        <H1 className="server-address__title">{current ? 'Change server' : 'Connect to your server'}</H1>
        <p className="server-address__lead">
          Enter the address of the MSP Automation Maturity server you manage. You sign in on the next step.
        </p>
        <form onSubmit={submit} noValidate>
          <FormGroup
            label="Server address"
            labelFor="server-address"
            intent={errors.address ? Intent.DANGER : Intent.NONE}
            helperText={
              errors.address?.message ??
              'For example https://assess.example.com. Plain http works only for this computer (localhost).'
            }
          >
            <InputGroup
              id="server-address"
              size="large"
              type="url"
              inputMode="url"
              autoFocus
              spellCheck={false}
              autoComplete="url"
              placeholder="https://assess.example.com"
              leftIcon={IconNames.GLOBE_NETWORK}
              intent={errors.address ? Intent.DANGER : Intent.NONE}
              aria-invalid={errors.address ? true : undefined}
              inputRef={addressRef}
              {...addressField}
            />
          </FormGroup>
          {connectedTo && (
            <Callout intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE} compact>
              Connected to {connectedTo}.
            </Callout>
          )}
          <div className="server-address__actions">
            {onCancel && <Button variant="minimal" size="large" text="Cancel" onClick={onCancel} />}
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              size="large"
              loading={isSubmitting}
              icon={IconNames.LINK}
              text="Connect"
            />
          </div>
        </form>
      </Card>
    </main>
  );
}
