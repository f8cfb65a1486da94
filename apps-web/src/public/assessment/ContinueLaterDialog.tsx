import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { ApiError, DRAFT_RETENTION_DAYS, type SaveDraftRequest } from '@msp/shared/browser';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorBody } from '../../lib/api-errors.js';
import { useLanguage, useT, type T } from '../../lib/i18n/i18n-context.js';
import { useApi } from '../../platform/platform-context.js';
import { LOOKS_LIKE_EMAIL } from './continue-later.js';
import './ContinueLaterDialog.css';

/** What a refused save says: too many (and for how long), a bad address, or a failure to try again. */
function saveProblem(t: T, error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return t('assessment.later.tooMany', { minutes });
  }
  if (errorBody(error)?.field === 'email') {
    return t('assessment.later.invalidEmail');
  }
  return t('assessment.later.failed');
}

export interface ContinueLaterDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The address the demographic step has, which the field starts with. */
  initialEmail: string;
  /** The assessment so far, as it is saved: everything but the address. */
  draft: () => Omit<SaveDraftRequest, 'email' | 'language'>;
}

/** Saved: where the link went, and back to the assessment. */
function SentView({ email, textId, onClose }: { email: string; textId: string; onClose: () => void }) {
  const t = useT();
  return (
    <>
      <DialogBody>
        <Callout
          intent={Intent.SUCCESS}
          icon={IconNames.TICK_CIRCLE}
          title={t('assessment.later.sentTitle')}
          role="status"
        >
          <p id={textId} className="continue-later-dialog__sent">
            {t('assessment.later.sent', { email })}
          </p>
        </Callout>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={onClose} autoFocus>
            {t('assessment.later.keepGoing')}
          </Button>
        }
      />
    </>
  );
}

/**
 * "Continue later": asks where to email the link, saves the assessment so far on the server and
 * says the link is on its way. The visitor may keep going after it; the local draft stays too.
 */
export default function ContinueLaterDialog({
  isOpen,
  onClose,
  initialEmail,
  draft,
}: ContinueLaterDialogProps) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const inputId = useId();
  const errorId = useId();
  const textId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (address: string) =>
      api.call('saveAssessmentDraft', { body: { ...draft(), email: address, language } }),
    onError: (error) => setProblem(saveProblem(t, error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setProblem(t('assessment.later.invalidEmail'));
      return;
    }
    setProblem(null);
    save.mutate(address);
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      className="continue-later-dialog"
      title={t('assessment.later.title')}
      icon={IconNames.TIME}
      aria-describedby={textId}
    >
      {save.isSuccess ? (
        <SentView email={save.variables} textId={textId} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <p id={textId} className="continue-later-dialog__text">
              {t('assessment.later.text', { days: DRAFT_RETENTION_DAYS })}
            </p>
            <FormGroup
              label={t('assessment.later.email')}
              labelFor={inputId}
              intent={problem ? Intent.DANGER : Intent.NONE}
              helperText={problem ? <span id={errorId}>{problem}</span> : undefined}
              className="continue-later-dialog__field"
            >
              <InputGroup
                id={inputId}
                type="email"
                autoComplete="email"
                value={email}
                autoFocus
                intent={problem ? Intent.DANGER : Intent.NONE}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button variant="outlined" onClick={onClose}>
                  {t('assessment.later.cancel')}
                </Button>
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon={IconNames.ENVELOPE}
                  loading={save.isPending}
                >
                  {t('assessment.later.submit')}
                </Button>
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
