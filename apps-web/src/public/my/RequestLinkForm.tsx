import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { VISITOR_LINK_TTL_MINUTES } from '@msp/shared/browser';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useApi } from '../../platform/platform-context.js';
import { linkRequestProblem } from './link-request-problem.js';

/** Shaped like an address; the server judges it for good. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Email me a link": the address the visitor gave in the assessment, sent for a sign-in link. The
 * answer is the same whether or not the address has taken it, so the page says "if".
 */
export function RequestLinkForm() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (address: string) =>
      api.call('requestVisitorLink', { body: { email: address, lang: language } }),
    onError: (error) => setProblem(linkRequestProblem(t, error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setProblem(t('my.signIn.invalidEmail'));
      return;
    }
    setProblem(null);
    send.mutate(address);
  };

  return (
    <form className="my-sign-in" onSubmit={submit} noValidate>
      <h2 className="my-sign-in__title">{t('my.signIn.heading')}</h2>
      <p className="muted">{t('my.signIn.text', { minutes: VISITOR_LINK_TTL_MINUTES })}</p>
      <FormGroup
        label={t('my.signIn.email')}
        labelFor={inputId}
        intent={problem ? Intent.DANGER : Intent.NONE}
        helperText={problem ? <span id={errorId}>{problem}</span> : undefined}
      >
        <InputGroup
          id={inputId}
          type="email"
          autoComplete="email"
          value={email}
          intent={problem ? Intent.DANGER : Intent.NONE}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon={IconNames.ENVELOPE} loading={send.isPending}>
        {t('my.signIn.submit')}
      </Button>
      <div role="status" className="my-sign-in__status">
        {send.isSuccess && (
          <Callout intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE}>
            {t('my.signIn.sent', { email: send.variables, minutes: VISITOR_LINK_TTL_MINUTES })}
          </Callout>
        )}
      </div>
    </form>
  );
}
