import type { PublicConfig } from '@msp/shared';

/**
 * What a product server answers to GET /api/config, for the tests that play one. Typed as the
 * contract, so a field the server adds fails the type check here rather than the tests at run time.
 */
export const PRODUCT_CONFIG = {
  productName: 'MSP Automation Maturity Assessment',
  providerName: 'Northwind',
  providerUrl: 'https://provider.example/',
  privacyUrl: 'https://provider.example/privacy',
  termsUrl: 'https://provider.example/terms',
  aboutUrl: 'https://provider.example/about',
  impactUrl: 'https://provider.example/impact',
  callToActionLabel: 'Learn About Northwind',
  callToActionUrl: 'https://provider.example/',
  privacyNotice: 'We use your email address only to send your results.',
  questionOrder: 'random',
  reminderDays: 90,
  language: 'en',
  languages: [{ tag: 'en', nativeName: 'English', dir: 'ltr' }],
  defaultLanguage: 'en',
  branding: { accentColor: '#215db0', logoUrl: null },
} satisfies PublicConfig;
