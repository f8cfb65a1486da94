import type { ConsentStatement, PublicDemographicField } from '@msp/shared/browser';
import { lazy, Suspense, useState } from 'react';
import { draftEmail, savedDraftBody } from './continue-later.js';
import type { Answers } from './flow-state.js';

// Opened by few visitors: the dialog's code loads when it is first opened.
const ContinueLaterDialog = lazy(() => import('./ContinueLaterDialog.js'));

interface ContinueLaterInput {
  fields: readonly PublicDemographicField[];
  consent: ConsentStatement | null;
  consentTicked: boolean;
  demographics: Readonly<Record<string, string>>;
  answers: Answers;
}

/**
 * "Continue later" for the flow: the address the demographic step has (the dialog starts from it,
 * and the first step offers the button only once there is one), opening the dialog, and the dialog
 * itself, which saves what the draft holds at the moment it is sent.
 */
export function useContinueLater({
  fields,
  consent,
  consentTicked,
  demographics,
  answers,
}: ContinueLaterInput) {
  // Each opening is a new dialog (its key), starting from the address the draft has then.
  const [later, setLater] = useState({ open: false, key: 0 });
  const email = draftEmail(fields, demographics);
  const open = () => setLater((previous) => ({ open: true, key: previous.key + 1 }));
  const dialog = later.key > 0 && (
    <Suspense fallback={null}>
      <ContinueLaterDialog
        key={later.key}
        isOpen={later.open}
        onClose={() => setLater((previous) => ({ ...previous, open: false }))}
        initialEmail={email}
        draft={() => ({
          ...savedDraftBody(fields, demographics, answers),
          ...(consent && consentTicked && { consentStatementId: consent.id }),
        })}
      />
    </Suspense>
  );
  return { email, open, dialog };
}
