import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, submitSignIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { postgresTestDatabase, testDatabaseKinds } from '../../test/test-database.js';
import {
  ACCOUNT_FAILURES_PER_HOUR,
  CLIENT_ATTEMPTS_PER_WINDOW,
  FIRST_LOCK_SECONDS,
  PAIR_FAILURES_BEFORE_LOCK,
} from './sign-in-limits.js';

const PASSWORD = 'correct horse battery staple';

const admin = (app: TestApp) =>
  createTestUser(app.db, { role: 'admin', status: 'approved', password: PASSWORD });

describe.each(testDatabaseKinds)('sign-in limits on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
  });
  afterAll(() => app?.close());

  it('checks at most five of a 20-way parallel burst of wrong passwords', async () => {
    const user = await admin(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitSignIn(app, user.email, `wrong ${i}`, '192.0.2.10')),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(PAIR_FAILURES_BEFORE_LOCK);
    expect(refused).toHaveLength(20 - checked.length);
    // Each refusal tells the truth: the lock the burst earns lasts FIRST_LOCK_SECONDS, not the hour
    // the failures are counted over, in the message and in Retry-After alike.
    for (const answer of [...refused, await submitSignIn(app, user.email, PASSWORD, '192.0.2.10')]) {
      expect(answer.statusCode).toBe(429);
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(FIRST_LOCK_SECONDS);
      const minutes = Math.ceil(retryAfter / 60);
      expect(answer.payload).toContain(
        `Too many sign-in attempts. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`,
      );
    }
  });

  it("locks a stranger's five wrong passwords out of the account, and only the stranger", async () => {
    const user = await admin(app);
    for (let i = 0; i < PAIR_FAILURES_BEFORE_LOCK; i++) {
      expect((await submitSignIn(app, user.email, `wrong ${i}`, '192.0.2.20')).statusCode).toBe(401);
    }
    // Locked for this client, even with the right password.
    const locked = await submitSignIn(app, user.email, PASSWORD, '192.0.2.20');
    expect(locked.statusCode).toBe(429);
    expect(locked.payload).toContain('Too many sign-in attempts. Please wait 5 minutes and try again.');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(FIRST_LOCK_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(FIRST_LOCK_SECONDS);
    // The admin, elsewhere, signs in as usual.
    expect((await submitSignIn(app, user.email, PASSWORD, '192.0.2.21')).statusCode).toBe(303);
  });

  it('starts a pair afresh after a successful sign-in', async () => {
    const user = await admin(app);
    for (let i = 0; i < PAIR_FAILURES_BEFORE_LOCK - 1; i++) {
      expect((await submitSignIn(app, user.email, `wrong ${i}`, '192.0.2.30')).statusCode).toBe(401);
    }
    expect((await submitSignIn(app, user.email, PASSWORD, '192.0.2.30')).statusCode).toBe(303);
    for (let i = 0; i < PAIR_FAILURES_BEFORE_LOCK - 1; i++) {
      expect((await submitSignIn(app, user.email, `again ${i}`, '192.0.2.30')).statusCode).toBe(401);
    }
    expect((await submitSignIn(app, user.email, PASSWORD, '192.0.2.30')).statusCode).toBe(303);
  });

  it('gives one client a budget of attempts across accounts', async () => {
    const client = '192.0.2.40';
    for (let i = 0; i < CLIENT_ATTEMPTS_PER_WINDOW; i++) {
      const answer = await submitSignIn(app, `nobody${i}@msp.example`, 'wrong', client);
      expect(answer.statusCode).toBe(401);
    }
    const user = await admin(app);
    expect((await submitSignIn(app, user.email, PASSWORD, client)).statusCode).toBe(429);
    expect((await submitSignIn(app, user.email, PASSWORD, '192.0.2.41')).statusCode).toBe(303);
  });

  it('closes an account guessed at from many addresses to addresses it has not seen sign in', async () => {
    const user = await admin(app);
    const home = '198.51.100.1';
    expect((await submitSignIn(app, user.email, PASSWORD, home)).statusCode).toBe(303);
    for (let batch = 0; batch < ACCOUNT_FAILURES_PER_HOUR / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          submitSignIn(app, user.email, 'guess', `203.0.113.${batch * 10 + i + 1}`),
        ),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(401);
    }
    const stranger = await submitSignIn(app, user.email, PASSWORD, '203.0.113.250');
    expect(stranger.statusCode).toBe(429);
    // The admin's own address still gets in.
    expect((await submitSignIn(app, user.email, PASSWORD, home)).statusCode).toBe(303);
  });
});

describe('sign-in lock backoff on PostgreSQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(postgresTestDatabase, { seed: false });
  });
  afterAll(() => app?.close());

  it('doubles the lock each time the guessing resumes', async () => {
    const user = await admin(app);
    const client = '192.0.2.50';
    const lockFor = async () => {
      for (let i = 0; i < PAIR_FAILURES_BEFORE_LOCK; i++) {
        expect((await submitSignIn(app, user.email, `wrong ${i}`, client)).statusCode).toBe(401);
      }
      const locked = await submitSignIn(app, user.email, PASSWORD, client);
      expect(locked.statusCode).toBe(429);
      return Number(locked.headers['retry-after']);
    };
    // The lock ending, as time would end it.
    const endLock = () =>
      app
        .db('rate_limits')
        .where('key', 'like', 'signin-pair:%192.0.2.50%')
        .update({ expire: Date.now() - 1 });

    expect(await lockFor()).toBeGreaterThan(FIRST_LOCK_SECONDS - 60);
    await endLock();
    const second = await lockFor();
    expect(second).toBeGreaterThan(2 * FIRST_LOCK_SECONDS - 60);
    expect(second).toBeLessThanOrEqual(2 * FIRST_LOCK_SECONDS);
    await endLock();
    expect(await lockFor()).toBeGreaterThan(4 * FIRST_LOCK_SECONDS - 60);
  });
});
