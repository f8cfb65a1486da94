import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_NAME_MAX_LENGTH, CreateApiKeyRequest } from '@msp/shared';
import type { ApiKeyPermission, CreatedApiKey } from '@msp/shared/browser';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CopyableSecret } from '../../components/CopyableSecret.js';
import { RadioGroupField, TextField, type RadioOption } from '../../components/form/index.js';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { showServerIssues } from '../../api/server-issues.js';
import { API_KEY_PERMISSION_INFO, PERMISSION_LEVELS, permissionLabels } from './permission-labels.js';
import { useCreateApiKey } from './queries.js';

type CreateValues = z.input<typeof CreateApiKeyRequest>;
type CreateOutput = z.output<typeof CreateApiKeyRequest>;

/** A new key reads only until the admin chooses more: the least a key can do. */
const DEFAULTS: CreateValues = { name: '', permissions: ['read'] };

/** Each permission with what it allows, lowest first. */
const PERMISSION_OPTIONS: readonly RadioOption[] = PERMISSION_LEVELS.map((permission) => ({
  value: permission,
  label: (
    <>
      <strong>{API_KEY_PERMISSION_INFO[permission].label}</strong>
      <span className="admin-note api-key-permission__description">
        {API_KEY_PERMISSION_INFO[permission].description}
      </span>
    </>
  ),
}));

export interface CreateApiKeyDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** After the closing animation: the host unmounts the dialog, and the token goes with it. */
  onClosed: () => void;
}

/** The one-time display of a new key's whole token, with Copy. */
function NewKeyToken({ apiKey }: { apiKey: CreatedApiKey }) {
  return (
    <>
      <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} className="admin-summary" compact>
        Copy the token now and keep it somewhere safe. It won&apos;t be shown again: the server keeps only a
        hash of it.
      </Callout>
      <dl className="admin-info admin-list admin-list--grid admin-summary">
        <div>
          <dt className="admin-overline">Name</dt>
          <dd>{apiKey.name}</dd>
        </div>
        <div>
          <dt className="admin-overline">Permission</dt>
          <dd>{permissionLabels(apiKey.permissions).join(', ')}</dd>
        </div>
      </dl>
      <CopyableSecret label="API key token" value={apiKey.token} />
    </>
  );
}

/**
 * Create API Key: a name and one of the three permissions, checked with the contract's own schema
 * On success the dialog shows the whole token once; "I've saved this key" closes it, and
 * the host unmounts it, forgetting the token.
 */
export default function CreateApiKeyDialog({ isOpen, onClose, onClosed }: CreateApiKeyDialogProps) {
  const form = useForm<CreateValues, unknown, CreateOutput>({
    defaultValues: DEFAULTS,
    resolver: zodResolver(CreateApiKeyRequest),
  });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey({ onCreated: setCreated });

  const onSubmit = form.handleSubmit((body) =>
    create
      .mutateAsync(body)
      // The toast has said it; a refused field is also shown where it is.
      .catch((error: unknown) => void showServerIssues(form, error)),
  );

  // While the token is shown, only "I've saved this key" closes the dialog: a stray Escape or
  // click outside would lose it for good.
  const closable = created === null && !create.isPending;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={onClosed}
      title={created ? 'API Key Created' : 'Create API Key'}
      icon={created ? IconNames.KEY : IconNames.NEW_OBJECT}
      className="admin-dialog"
      canOutsideClickClose={closable}
      canEscapeKeyClose={closable}
      isCloseButtonShown={closable}
    >
      {created ? (
        <>
          <DialogBody>
            <NewKeyToken apiKey={created} />
          </DialogBody>
          <DialogFooter
            actions={
              <Button
                intent={Intent.PRIMARY}
                icon={IconNames.TICK}
                text="I've saved this key"
                onClick={onClose}
              />
            }
          />
        </>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DialogBody>
            <TextField
              control={form.control}
              name="name"
              label="Name"
              required
              hint="What uses the key, so you know which one to disable later."
              autoComplete="off"
              placeholder="e.g. CRM sync"
              maxLength={API_KEY_NAME_MAX_LENGTH}
              autoFocus
            />
            <RadioGroupField
              control={form.control}
              name="permissions"
              label="Permissions"
              options={PERMISSION_OPTIONS}
              // A key holds exactly one permission, sent as a one-item list.
              format={(value) => (value as ApiKeyPermission[] | undefined)?.[0] ?? 'read'}
              parse={(value) => [value as ApiKeyPermission]}
              disabled={create.isPending}
            />
          </DialogBody>
          <FormDialogFooter submitText="Create API Key" saving={create.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
