import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWords, passwordProblem } from '../domain/passwords.js';
import { OUTSIDE_REQUEST } from './audit-trail.js';
import { passwordMeterScript } from './password-meter.js';
import { issueSetupLink } from '../plugins/auth/setup-link.js';
import { inviteExistingUser } from '../plugins/invites/invites-service.js';
import { cookiesOf, createTestUser } from '../test/auth-helpers.js';
import { openInvite } from '../test/invite-helpers.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

const PRODUCT = { PRODUCT_NAME: 'MSP Automation Maturity Assessment', PROVIDER_NAME: 'Automation Maturity' };
const SITE = { productName: PRODUCT.PRODUCT_NAME, providerName: PRODUCT.PROVIDER_NAME };

/** Passwords the account's or the site's words make weak, and some that are strong without them. */
const PASSWORDS = [
  'Founder Person',
  'founder-person-1',
  'Person, Founder 2024!',
  'Automation Maturity',
  'Maturity Assessment',
  'founder@msp.example1',
  'Founder lantern orbit',
  'Founder lantern orbit tulip gravel',
  'lantern orbit tulip gravel',
  'correct horse battery staple',
  'twelve chars',
  'password1234',
  'short',
];

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The value of the first `attribute` on an element with `id`, as the browser reads it. */
function attributeOf(html: string, id: string, attribute: string): string | null {
  const element = new RegExp(`<[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  const value = element && new RegExp(`${attribute}="([^"]*)"`).exec(element)?.[1];
  return value === undefined || value === null ? null : unescapeHtml(value);
}

/**
 * The meter's script run on a page as the server rendered it: its fields and the meter's words
 * come from the page's HTML, and each password is judged as if typed and paused on.
 */
function meterOn(html: string, typed: Record<string, string> = {}) {
  const attributes = new Map([['data-context', attributeOf(html, 'password-strength', 'data-context')!]]);
  const status = { textContent: '' };
  const meter = {
    hidden: true,
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    querySelector: () => status,
  };
  const listeners: (() => void)[] = [];
  const password = {
    value: '',
    getAttribute: () => null,
    setAttribute: () => undefined,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const field = (id: string) => {
    const value = typed[id] ?? attributeOf(html, id, 'value');
    return value === null ? null : { value };
  };
  const page = {
    document: {
      getElementById: (id: string) =>
        id === 'password' ? password : id === 'password-strength' ? meter : field(id),
    },
    window: { setTimeout: (run: () => void) => (run(), 0), clearTimeout: () => undefined },
  };
  vm.runInNewContext(passwordMeterScript().text, page);
  return (candidate: string) => {
    password.value = candidate;
    listeners.forEach((listener) => listener());
    return { verdict: attributes.get('data-verdict'), text: status.textContent };
  };
}

/** What the meter says is wrong, without its label. */
const sentenceOf = (shown: { text: string }) => shown.text.replace(/^Strength: [\w ]+\. /, '');

/** The server's answer for a password and the words it judges with, next to the meter's. */
async function expectAgreement(judge: ReturnType<typeof meterOn>, userInputs: string[]) {
  for (const candidate of PASSWORDS) {
    const problem = await passwordProblem(candidate, { userInputs });
    const shown = judge(candidate);
    if (problem === null) {
      expect(shown.verdict, candidate).toBe('accepted');
    } else {
      expect(shown.verdict, candidate).toBe('refused');
      expect(shown.text, candidate).toMatch(/^Strength: [\w ]+\. /);
      expect(sentenceOf(shown), candidate).toBe(problem);
    }
  }
}

describe.each(testDatabaseKinds)('the password meter and the server on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false, env: PRODUCT });
  });
  afterAll(() => app?.close());

  it('judge the founder setup with the typed names and email and the product and provider names', async () => {
    const link = new URL((await issueSetupLink(app.db, app.config.publicUrl))!);
    const page = await app.server.inject({ url: link.pathname + link.search });
    const typed = { email: 'founder@msp.example', firstName: 'Founder', lastName: 'Person' };
    const judge = meterOn(page.payload, typed);
    expect(judge('Founder Person').verdict).toBe('refused');
    await expectAgreement(judge, accountWords(typed, SITE));

    // And the server, posted what the meter refused, refuses it with the meter's sentence.
    const crumb = cookiesOf(page.headers).crumb!;
    for (const password of ['Founder Person', 'Automation Maturity']) {
      const posted = await app.server.inject({
        method: 'POST',
        url: '/api/setup',
        headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          crumb,
          token: link.searchParams.get('token')!,
          ...typed,
          password,
        }).toString(),
      });
      expect(posted.statusCode, password).toBe(400);
      expect(unescapeHtml(posted.payload), password).toContain(sentenceOf(judge(password)));
    }
    expect(await app.db('users')).toHaveLength(0);
  });

  it("judge an invite and a reset with the account's names and email, which the page does not show", async () => {
    for (const password of [undefined, 'a password to be reset']) {
      const user = await createTestUser(app.db, {
        email: password ? 'founder.reset@msp.example' : 'founder@msp.example',
        firstName: 'Founder',
        status: 'approved',
        password,
      });
      await app.db('users').where({ id: user.id }).update({ last_name: 'Person' });
      const invite = await inviteExistingUser(
        app.db,
        user.id,
        { createdBy: null, publicUrl: app.config.publicUrl, email: false },
        OUTSIDE_REQUEST,
      );
      const { page, submit } = await openInvite(app, invite.url);
      const judge = meterOn(page.payload);
      expect(judge('Founder Person').verdict).toBe('refused');
      await expectAgreement(
        judge,
        accountWords({ email: user.email, firstName: 'Founder', lastName: 'Person' }, SITE),
      );
      const posted = await submit('Founder Person');
      expect(posted.statusCode).toBe(400);
      expect(unescapeHtml(posted.payload)).toContain(sentenceOf(judge('Founder Person')));
    }
  });
});
