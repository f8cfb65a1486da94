import { Button, Callout, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';

/** Resumed: the draft was restored. Confirming: Start over was pressed. Cleared: it was confirmed. */
export type ResumeNoticeState = 'resumed' | 'confirming' | 'cleared';

interface ResumeNoticeProps {
  state: ResumeNoticeState;
  /** Questions the restored draft answers. */
  answered: number;
  questionCount: number;
  /** Restored from an emailed "Continue later" link rather than from this browser's own draft. */
  fromLink?: boolean;
  onStartOver: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Tells a returning visitor that their unfinished assessment was restored, and offers to start
 * over. Starting over asks first, in the page (a browser confirm cannot be styled, read in the
 * page's theme or tested like the rest), because it throws the visitor's answers away.
 */
export function ResumeNotice({
  state,
  answered,
  questionCount,
  fromLink = false,
  onStartOver,
  onConfirm,
  onCancel,
}: ResumeNoticeProps) {
  const t = useT();
  const keepRef = useRef<HTMLButtonElement>(null);
  const startOverRef = useRef<HTMLButtonElement>(null);
  const shown = useRef(state);
  // Focus follows the question and its answer: to "Keep my answers" (the safe choice) when asked,
  // back to Start over when kept. Not on first render, where the visitor has pressed nothing.
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    if (state === 'confirming') keepRef.current?.focus();
    if (state === 'resumed') startOverRef.current?.focus();
  }, [state]);

  return (
    <>
      {/* In the page from the start, so that screen readers announce what is put into it. */}
      <div role="status">
        {state === 'cleared' && (
          <Callout intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE} className="resume-notice">
            {t('assessment.resume.cleared')}
          </Callout>
        )}
      </div>
      {state === 'confirming' && (
        <Callout
          intent={Intent.WARNING}
          icon={IconNames.WARNING_SIGN}
          className="resume-notice"
          role="group"
          aria-labelledby="resume-notice-question"
        >
          <p id="resume-notice-question" className="resume-notice__text">
            <strong>{t('assessment.resume.confirmTitle')}</strong>{' '}
            {t('assessment.resume.confirmText', { answered })}
          </p>
          <div className="resume-notice__actions">
            <Button intent={Intent.DANGER} icon={IconNames.REFRESH} onClick={onConfirm}>
              {t('assessment.resume.clear')}
            </Button>
            <Button ref={keepRef} variant="outlined" onClick={onCancel}>
              {t('assessment.resume.keep')}
            </Button>
          </div>
        </Callout>
      )}
      {state === 'resumed' && (
        <Callout intent={Intent.PRIMARY} icon={IconNames.TIME} className="resume-notice">
          <p className="resume-notice__text">
            <strong>{t('assessment.resume.welcome')}</strong>{' '}
            {t(fromLink ? 'assessment.draftLink.restored' : 'assessment.resume.resumed', {
              answered,
              total: questionCount,
            })}
          </p>
          <div className="resume-notice__actions">
            <Button ref={startOverRef} variant="outlined" icon={IconNames.REFRESH} onClick={onStartOver}>
              {t('assessment.resume.startOver')}
            </Button>
          </div>
        </Callout>
      )}
    </>
  );
}
