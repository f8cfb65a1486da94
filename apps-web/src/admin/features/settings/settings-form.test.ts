import type { SiteSetting } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import {
  changedSettings,
  formValuesOf,
  linksToSiteItself,
  orderFieldHint,
  questionOrderNote,
} from './settings-form.js';

const SITE = 'https://assess.msp.example/';
const setting = (
  key: SiteSetting['key'],
  value: string,
  source: SiteSetting['source'],
  defaultValue = SITE,
) => ({ key, section: 'provider', value, source, environmentVariable: null, defaultValue }) as SiteSetting;

const SETTINGS = [
  setting('providerName', 'Northwind IT', 'environment', 'Automation Maturity'),
  setting('providerUrl', 'https://northwind.example/', 'saved'),
  setting('privacyUrl', 'https://northwind.example/', 'default', 'https://northwind.example/'),
  setting('termsUrl', `${SITE}terms`, 'saved'),
  setting('callToActionLabel', 'Learn About Northwind IT', 'default', 'Learn About Northwind IT'),
  setting('questionOrder', 'random', 'default', 'random'),
];

describe('the settings form', () => {
  it('starts from what is saved, empty for a default, and leaves out what the environment locks', () => {
    expect(formValuesOf(SETTINGS)).toEqual({
      providerUrl: 'https://northwind.example/',
      privacyUrl: '',
      termsUrl: `${SITE}terms`,
      callToActionLabel: '',
      questionOrder: 'random',
    });
  });

  it('sends only what changed, an emptied field as empty (back to its default)', () => {
    const initial = formValuesOf(SETTINGS);
    expect(
      changedSettings(
        { ...initial, privacyUrl: 'https://northwind.example/privacy', termsUrl: '', questionOrder: 'fixed' },
        initial,
      ),
    ).toEqual({ privacyUrl: 'https://northwind.example/privacy', termsUrl: '', questionOrder: 'fixed' });
    expect(changedSettings({ ...initial, callToActionLabel: '   ' }, initial)).toEqual({});
  });

  it('finds the links that still lead back to the site itself', () => {
    expect(linksToSiteItself(SETTINGS).map((one) => one.key)).toEqual(['termsUrl']);
  });

  it('says what an Order field does in each question order', () => {
    expect(orderFieldHint('random', 'question')).toBe('Unused while Settings shuffles the questions.');
    expect(orderFieldHint('random', 'answer')).toBe('Unused while Settings shuffles the answers.');
    expect(orderFieldHint('fixed', 'answer')).toBe('Lowest first: the order is fixed in Settings.');
    expect(questionOrderNote('random')).toBe('Visitors get them in random order; their Order is not used.');
    expect(questionOrderNote('fixed')).toBe('Visitors get them by their Order, lowest first.');
  });
});
