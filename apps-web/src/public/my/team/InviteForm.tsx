import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { TEAM_INVITES_PER_REQUEST, type NewTeamInvites, type TeamRoleChoice } from '@msp/shared/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ClipboardEvent } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { errorBody, errorIssues, hasStatus } from '../../../lib/api-errors.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useApi } from '../../../platform/platform-context.js';
import { splitAddresses } from './split-addresses.js';
import { teamInvitesKey } from './team-queries.js';
import { inviteRowProblems } from './team-view-model.js';

/** Shaped like an address; the server judges it for good (its domain above all). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteValues {
  invites: { email: string; role: string }[];
}

const EMPTY_ROW = { email: '', role: '' };

/**
 * The colleagues to invite, one row each: their address and, where the questionnaire asks for a
 * role, theirs. A pasted list becomes a row per address. A refused address is named at its row.
 */
export function InviteForm({ roles }: { roles: readonly TeamRoleChoice[] }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formProblems, setFormProblems] = useState<string[]>([]);
  const form = useForm<InviteValues>({ defaultValues: { invites: [EMPTY_ROW] } });
  const rows = useFieldArray({ control: form.control, name: 'invites' });

  const send = useMutation({
    mutationFn: (body: NewTeamInvites) => api.call('createTeamInvites', { body }),
    onSuccess: async (_answer, body) => {
      toast.show({ title: t('team.invite.sent', { count: body.invites.length }), intent: Intent.SUCCESS });
      form.reset({ invites: [EMPTY_ROW] });
      await queryClient.invalidateQueries({ queryKey: teamInvitesKey });
    },
    onError: (error, body) => {
      if (!hasStatus(error, 400)) {
        toast.show({ title: t('team.invite.failed'), intent: Intent.DANGER });
        return;
      }
      // The server's words, which name the address it refused: by its field list, or its one field.
      const refused = errorBody(error);
      const issues = errorIssues(error);
      if (issues.length === 0 && refused)
        issues.push({ field: (refused.field ?? '').replace(/^body\./, ''), message: refused.message });
      const problems = inviteRowProblems(issues, body.invites.length);
      problems.byRow.forEach((message, index) => {
        if (message) form.setError(`invites.${index}.email`, { message }, { shouldFocus: true });
      });
      const byRow = problems.byRow.some(Boolean);
      setFormProblems(problems.form.length > 0 || byRow ? problems.form : [t('team.invite.failed')]);
    },
  });

  const submit = form.handleSubmit(({ invites }) => {
    setFormProblems([]);
    send.mutate({
      invites: invites.map(({ email, role }) => ({ email: email.trim(), ...(role && { role }) })),
      lang: language,
    });
  });

  // A list pasted into a row fills that row and as many new ones as it has addresses.
  const pasteInto = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const addresses = splitAddresses(event.clipboardData.getData('text'));
    if (addresses.length < 2) return;
    event.preventDefault();
    const room = TEAM_INVITES_PER_REQUEST - rows.fields.length;
    form.setValue(`invites.${index}.email`, addresses[0]!);
    rows.insert(
      index + 1,
      addresses.slice(1, room + 1).map((email) => ({ email, role: '' })),
    );
  };

  const count = rows.fields.length;
  return (
    <form className="team-invite-form" onSubmit={(event) => void submit(event)} noValidate>
      <ol className="team-invite-form__rows">
        {rows.fields.map((row, index) => {
          const number = index + 1;
          const problem = form.formState.errors.invites?.[index]?.email?.message;
          const errorId = `team-invite-error-${row.id}`;
          return (
            <li key={row.id} className="team-invite-row">
              <FormGroup
                className="team-invite-row__email"
                intent={problem ? Intent.DANGER : Intent.NONE}
                helperText={problem ? <span id={errorId}>{problem}</span> : undefined}
              >
                <Controller
                  control={form.control}
                  name={`invites.${index}.email`}
                  rules={{
                    validate: (value) => LOOKS_LIKE_EMAIL.test(value.trim()) || t('team.invite.invalidEmail'),
                  }}
                  render={({ field }) => (
                    <InputGroup
                      {...field}
                      inputRef={field.ref}
                      type="email"
                      autoComplete="off"
                      placeholder="name@company.com"
                      aria-label={t('team.invite.email', { number })}
                      intent={problem ? Intent.DANGER : Intent.NONE}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? errorId : undefined}
                      onPaste={pasteInto(index)}
                    />
                  )}
                />
              </FormGroup>
              {roles.length > 0 && (
                <Controller
                  control={form.control}
                  name={`invites.${index}.role`}
                  render={({ field }) => (
                    <HTMLSelect
                      {...field}
                      className="team-invite-row__role"
                      aria-label={t('team.invite.role', { number })}
                      options={[
                        { value: '', label: t('team.invite.noRole') },
                        ...roles.map(({ value, label }) => ({ value, label })),
                      ]}
                    />
                  )}
                />
              )}
              <Button
                className="team-invite-row__remove"
                icon={IconNames.CROSS}
                variant="minimal"
                aria-label={t('team.invite.remove', { number })}
                disabled={count === 1}
                onClick={() => rows.remove(index)}
              />
            </li>
          );
        })}
      </ol>
      <div className="team-invite-form__actions">
        <Button
          icon={IconNames.PLUS}
          variant="outlined"
          disabled={count >= TEAM_INVITES_PER_REQUEST}
          onClick={() => rows.append(EMPTY_ROW)}
        >
          {t('team.invite.add')}
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} icon={IconNames.SEND_MESSAGE} loading={send.isPending}>
          {t('team.invite.send', { count })}
        </Button>
      </div>
      {count >= TEAM_INVITES_PER_REQUEST && (
        <p className="muted">{t('team.invite.max', { max: TEAM_INVITES_PER_REQUEST })}</p>
      )}
      <div role="alert">
        {formProblems.length > 0 && (
          <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="team-invite-form__problems">
            {formProblems.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Callout>
        )}
      </div>
    </form>
  );
}
