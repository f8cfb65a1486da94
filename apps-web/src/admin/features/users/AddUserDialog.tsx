import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CreatedUser } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { errorMessage, hasStatus } from '../../../lib/api-errors.js';
import {
  ADD_USER_DEFAULTS,
  addUserSchema,
  toCreateUserRequest,
  type AddUserValues,
} from './add-user-form.js';
import { InviteLink } from './InviteLink.js';
import { useCreateUser } from './queries.js';

export interface AddUserDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

/** Blueprint's InputGroup takes the input's ref as `inputRef`. */
function inputProps({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

/**
 * The Add User dialog: email, optional names, role and status; the list refreshes on success. Then
 * it shows the new user's invite link once, with Copy; only Done closes it, and closing forgets it.
 */
export default function AddUserDialog({ isOpen, onClose }: AddUserDialogProps) {
  const id = useId();
  const form = useForm<AddUserValues>({
    defaultValues: ADD_USER_DEFAULTS,
    resolver: zodResolver(addUserSchema),
  });
  const { errors } = form.formState;

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

  const fieldId = (name: keyof AddUserValues) => `${id}-${name}`;

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
      className="add-user-dialog"
      canOutsideClickClose={closable}
      canEscapeKeyClose={closable}
      isCloseButtonShown={closable}
    >
      {created ? (
        <>
          <DialogBody>
            <p className="add-user-dialog__intro">
              {created.email} can sign in once they have set a password with this link.
            </p>
            <InviteLink invite={created.invite} email={created.email} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent={Intent.PRIMARY} icon={IconNames.TICK} text="Done" onClick={onClose} />}
          />
        </>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DialogBody>
            <p className="add-user-dialog__intro">
              The new user signs in with this email address. Only approved admins can open the admin portal.
            </p>
            <FormGroup
              label="Email"
              labelFor={fieldId('email')}
              labelInfo="(required)"
              intent={errors.email ? Intent.DANGER : Intent.NONE}
              helperText={errors.email?.message}
            >
              <InputGroup
                id={fieldId('email')}
                type="email"
                autoComplete="off"
                placeholder="name@company.com"
                autoFocus
                intent={errors.email ? Intent.DANGER : Intent.NONE}
                aria-invalid={errors.email ? true : undefined}
                {...inputProps(form.register('email'))}
              />
            </FormGroup>
            <div className="add-user-dialog__row">
              <FormGroup
                label="First name"
                labelFor={fieldId('firstName')}
                intent={errors.firstName ? Intent.DANGER : Intent.NONE}
                helperText={errors.firstName?.message}
              >
                <InputGroup
                  id={fieldId('firstName')}
                  autoComplete="off"
                  intent={errors.firstName ? Intent.DANGER : Intent.NONE}
                  aria-invalid={errors.firstName ? true : undefined}
                  {...inputProps(form.register('firstName'))}
                />
              </FormGroup>
              <FormGroup
                label="Last name"
                labelFor={fieldId('lastName')}
                intent={errors.lastName ? Intent.DANGER : Intent.NONE}
                helperText={errors.lastName?.message}
              >
                <InputGroup
                  id={fieldId('lastName')}
                  autoComplete="off"
                  intent={errors.lastName ? Intent.DANGER : Intent.NONE}
                  aria-invalid={errors.lastName ? true : undefined}
                  {...inputProps(form.register('lastName'))}
                />
              </FormGroup>
            </div>
            <div className="add-user-dialog__row">
              <FormGroup
                label="Role"
                labelFor={fieldId('role')}
                helperText="Admins can manage all content and users."
              >
                <HTMLSelect id={fieldId('role')} fill options={ROLE_OPTIONS} {...form.register('role')} />
              </FormGroup>
              <FormGroup
                label="Status"
                labelFor={fieldId('status')}
                helperText="Pending users wait for approval."
              >
                <HTMLSelect
                  id={fieldId('status')}
                  fill
                  options={STATUS_OPTIONS}
                  {...form.register('status')}
                />
              </FormGroup>
            </div>
          </DialogBody>
          <FormDialogFooter submitText="Create User" saving={create.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
