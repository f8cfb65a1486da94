/** What a product server answers to GET /api/config, for the tests that play one. */
export const PRODUCT_CONFIG = {
  productName: 'MSP Automation Maturity Assessment',
  providerName: 'Northwind',
  providerUrl: 'https://provider.example/',
  privacyUrl: 'https://provider.example/privacy',
  termsUrl: 'https://provider.example/terms',
  aboutUrl: 'https://provider.example/about',
  impactUrl: 'https://provider.example/impact',
};
