import { describe, expect, it } from 'vitest';
import { teamSubmitFields } from './TeamShareOptIn.js';

const INVITE = '0b9f6d1e-6f1c-4d8e-9a43-2f7c0f3b1a55';

describe('teamSubmitFields', () => {
  it('sends the choice whenever the box was shown, unticked as false', () => {
    expect(teamSubmitFields({ offered: true, checked: true }, undefined)).toEqual({ shareWithTeam: true });
    expect(teamSubmitFields({ offered: true, checked: false }, undefined)).toEqual({ shareWithTeam: false });
  });

  it('sends no choice where the box was not shown, so an earlier one stands', () => {
    expect(teamSubmitFields({ offered: false, checked: false }, undefined)).toEqual({});
  });

  it('sends the invite the draft was opened from', () => {
    expect(teamSubmitFields({ offered: true, checked: false }, INVITE)).toEqual({
      shareWithTeam: false,
      teamInviteId: INVITE,
    });
  });
});
