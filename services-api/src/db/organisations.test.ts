import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestDatabase, type TestDatabase } from '../test/test-database.js';
import type { Database } from './knex.js';
import { syncPersonalDomains } from './personal-domains.js';

/** A bare submission row: the organisations trigger reads its address, time and overall figures. */
const row = (email: string, level: number, average: number, submittedAt = new Date()) => ({
  id: randomUUID(),
  submitted_at: submittedAt,
  demographic_data: '{}',
  email,
  email_domain: email.slice(email.indexOf('@') + 1).toLowerCase(),
  overall_level: level,
  cumulative_average: average,
  language: 'en',
  answers: '[]',
});

describe('organisations, kept by the database', () => {
  let database: TestDatabase;
  let db: Database;
  const organisation = (domain: string) => db('organisations').where({ domain }).first();

  beforeAll(async () => {
    database = await postgresTestDatabase.create();
    db = database.db;
  });
  afterAll(() => database.destroy());

  it("count each company domain's members, submissions, and team level from their latest, never a personal one", async () => {
    const jan = new Date('2026-01-10T10:00:00Z');
    const feb = new Date('2026-02-10T10:00:00Z');
    const [first, retake] = [row('ann@acme.example', 1, 40, jan), row('Ann@acme.example', 3, 80, feb)];
    await db('submissions').insert([
      first,
      row('ben@acme.example', 2, 50, jan),
      row('joe@gmail.com', 2, 50),
      row('x@eu.mailinator.com', 2, 50),
    ]);
    expect(await organisation('acme.example')).toMatchObject({
      members: 2,
      submissions: 2,
      team_level: '1.5',
      team_average: '45.0',
      previous_team_average: null,
    });
    await db('submissions').insert(retake);
    // Ann's retake counts, not her first: (3 + 2) / 2 and (80 + 50) / 2; the trend remembers 45.
    expect(await organisation('acme.example')).toMatchObject({
      members: 2,
      submissions: 3,
      team_level: '2.5',
      team_average: '65.0',
      previous_team_average: '45.0',
    });
    expect(await db('organisations').whereIn('domain', ['gmail.com', 'eu.mailinator.com'])).toEqual([]);

    await db('submissions').whereIn('email', ['Ann@acme.example', 'ann@acme.example']).delete();
    expect(await organisation('acme.example')).toMatchObject({
      members: 1,
      submissions: 1,
      team_average: '50.0',
    });
    await db('submissions').where({ email: 'ben@acme.example' }).delete();
    expect(await organisation('acme.example')).toBeUndefined();
  });

  it('count two submits on one domain at the same moment, each seeing the other', async () => {
    const second = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    try {
      const one = await db.transaction();
      await one('submissions').insert(row('one@busy.example', 1, 30));
      const other = second.transaction(async (trx) => {
        await trx('submissions').insert(row('two@busy.example', 3, 90));
      });
      // The other waits on the domain's lock until the first commits, then counts both.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.commit();
      await other;
      expect(await organisation('busy.example')).toMatchObject({
        members: 2,
        submissions: 2,
        team_average: '60.0',
      });
    } finally {
      await second.destroy();
    }
  });

  it('follow the lists: a domain they newly name stops being an organisation, one they drop becomes one', async () => {
    // As under an older version of the lists: one named now-company.example, none named yahoo.com.
    await db('personal_email_domains').insert({ domain: 'now-company.example' });
    await db('personal_email_domains').where({ domain: 'yahoo.com' }).delete();
    await db('submissions').insert([row('a@yahoo.com', 2, 50), row('b@now-company.example', 1, 20)]);
    expect(await organisation('yahoo.com')).toBeTruthy();
    expect(await organisation('now-company.example')).toBeUndefined();

    await db('personal_email_domains_source').update({ lists: 'an older version' });
    await syncPersonalDomains(db);

    expect(await organisation('yahoo.com')).toBeUndefined();
    expect(await organisation('now-company.example')).toMatchObject({ members: 1, submissions: 1 });
    expect(await db('personal_email_domains').where({ domain: 'yahoo.com' }).first()).toBeTruthy();
  });
});
