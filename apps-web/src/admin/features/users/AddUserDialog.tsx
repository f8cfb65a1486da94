import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { USER_ROLES, type CreatedUser } from '@msp/shared/browser';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage, hasStatus } from '../../../lib/api-errors.js';
import { SelectField, TextField } from '../../components/form/index.js';
import {
  accessConsequence,
  ADD_USER_DEFAULTS,
  addUserSchema,
  createdIntro,
  toCreateUserRequest,
  type AddUserValues,
} from './add-user-form.js';
import { InviteLink } from './InviteLink.js';
import { useCreateUser } from './queries.js';
import { ROLE_LABELS } from './user-labels.js';

export interface AddUserDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

const ROLE_OPTIONS = USER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

/**
 * The Add User dialog: email, optional names, role and status; the list refreshes on success. Then
 * it shows the new user's invite link once, with Copy; only Done closes it, and closing forgets it.
 */
export default function AddUserDialog({ isOpen, onClose }: AddUserDialogProps) {
  const form = useForm<AddUserValues>({
    defaultValues: ADD_USER_DEFAULTS,
    resolver: zodResolver(addUserSchema),
  });

  const [role, status] = useWatch({ control: form.control, name: ['role', 'status'] });
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const create = useCreateUser({ onCreated: setCreated });
  const closable = created === null && !create.isPending;

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(toCreateUserRequest(values)).catch((error: unknown) => {
      // The toast has said it; a taken email is also shown at the field.
      if (hasStatus(error, 409)) {
        form.setError('email', { message: errorMessage(error, 'A user with this email already exists') });
      }
    }),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // Start afresh next time, once the closing animation is over.
      onClosed={() => {
        form.reset(ADD_USER_DEFAULTS);
        create.reset();
        setCreated(null);
      }}
      title={created ? 'User Created' : 'Add User'}
      icon={created ? IconNames.ENVELOPE : IconNames.NEW_PERSON}
      className="admin-dialog"
      canOutsideClickClose={closable}
      canEscapeKeyClose={closable}
      isCloseButtonShown={closable}
    >
      {created ? (
        <>
          <DialogBody>
            <p className="admin-intro">{createdIntro(created)}</p>
            <InviteLink invite={created.invite} email={created.email} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent={Intent.PRIMARY} icon={IconNames.TICK} text="Done" onClick={onClose} />}
          />
        </>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DialogBody>
            <p className="admin-intro">
              The new user signs in with this email address. Their role decides what they can do in the
              portal.
            </p>
            <TextField
              control={form.control}
              name="email"
              label="Email"
              required
              type="email"
              autoComplete="off"
              placeholder="name@company.com"
              autoFocus
            />
            <div className="admin-dialog__row">
              <TextField control={form.control} name="firstName" label="First name" autoComplete="off" />
              <TextField control={form.control} name="lastName" label="Last name" autoComplete="off" />
            </div>
            <div className="admin-dialog__row">
              <SelectField
                control={form.control}
                name="role"
                label="Role"
                hint={accessConsequence({ role, status })}
                fill
                options={ROLE_OPTIONS}
                onValueChange={(value) => {
                  // An admin is added to work in the portal: approved, so adding one is one step.
                  // The status stays changeable for an admin who should wait.
                  if (value === 'admin') form.setValue('status', 'approved');
                }}
              />
              <SelectField
                control={form.control}
                name="status"
                label="Status"
                hint="Adding someone approves them. Pending makes them wait until approved in this list."
                fill
                options={STATUS_OPTIONS}
              />
            </div>
          </DialogBody>
          <FormDialogFooter submitText="Create User" saving={create.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
