import type { PublicDemographicField, SubmitRequest } from '@msp/shared/browser';
import { ReminderOptIn, useReminderChoice, type ReminderChoice } from './ReminderOptIn.js';
import {
  TeamShareOptIn,
  teamSubmitFields,
  useTeamShareChoice,
  type TeamShareChoice,
} from './TeamShareOptIn.js';

/** The choices asked above the last question's Submit, and what the submission says of them. */
export interface LastStepChoiceState {
  reminder: ReminderChoice;
  teamShare: TeamShareChoice;
  /** The submission's fields for these choices, with the team invite the draft was opened from. */
  submitFields: (
    teamInviteId: string | undefined,
  ) => Pick<SubmitRequest, 'remindMe' | 'shareWithTeam' | 'teamInviteId'>;
}

export function useLastStepChoices(
  fields: readonly PublicDemographicField[],
  demographics: Readonly<Record<string, string>>,
): LastStepChoiceState {
  const reminder = useReminderChoice(fields, demographics);
  const teamShare = useTeamShareChoice(fields, demographics);
  return {
    reminder,
    teamShare,
    submitFields: (teamInviteId) => ({
      ...(reminder.asked && { remindMe: true }),
      ...teamSubmitFields(teamShare, teamInviteId),
    }),
  };
}

/** The boxes above the last question's Submit: the reminder, then sharing with colleagues. */
export function LastStepChoices({ choices, disabled }: { choices: LastStepChoiceState; disabled: boolean }) {
  return (
    <>
      <ReminderOptIn choice={choices.reminder} disabled={disabled} />
      <TeamShareOptIn choice={choices.teamShare} disabled={disabled} />
    </>
  );
}
