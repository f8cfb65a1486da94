import { createTestUser, sessionHeaders } from '../services-api/src/test/auth-helpers.js';
import { onScratchDatabase, readKeyHeaders } from './product-server.js';
import { BIG_DOMAIN, seedSubmissions, time, type ReadTiming } from './submissions-scale.js';

/** The seed's 20,000 companies, each split over this many domains: 100,000 organisations. */
const DOMAINS_PER_COMPANY = 5;
/** Of the seeded addresses, one in this many proved it is its owner's. */
const VERIFIED_ONE_IN = 3;

export interface OrganisationsScaleResult {
  submissions: number;
  organisations: number;
  seedSeconds: number;
  reads: ReadTiming[];
}

/**
 * The operator's organisations at scale (issue 40): `count` submissions over 100,000 company
 * domains and one large group's, in a database of its own on `serverUrl`, dropped afterwards. The
 * list in each order and direction, a search, its deepest page, and details, through HTTP.
 */
export async function benchOrganisationsAtScale(
  serverUrl: string,
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<OrganisationsScaleResult> {
  return onScratchDatabase(serverUrl, 'msp_bench_orgs', async (product) => {
    const { db } = product;
    log(`  seeding ${count.toLocaleString('en')} submissions over ${DOMAINS_PER_COMPANY}x the companies...`);
    const seedSeconds = await seedSubmissions(db, count, { domainsPerCompany: DOMAINS_PER_COMPANY });
    await db.raw(
      `INSERT INTO verified_visitors (email, domain)
      SELECT DISTINCT lower(email), email_domain FROM submissions
      WHERE email IS NOT NULL AND abs(hashtext(lower(email))) % ${VERIFIED_ONE_IN} = 0
      ON CONFLICT DO NOTHING`,
    );
    await db.raw('VACUUM ANALYZE verified_visitors');
    const organisations = Number((await db('organisations').count<{ c: string }[]>({ c: '*' }))[0]!.c);
    log(`  seeded in ${seedSeconds.toFixed(0)} s: ${organisations.toLocaleString('en')} organisations`);
    product.server.app.ctx.cache.invalidate();
    const admin = await createTestUser(db, { role: 'admin', status: 'approved' });
    const headers = await sessionHeaders(product.server, admin.id);
    const sample = (
      await db.raw<{ rows: { domain: string }[] }>(
        `SELECT domain FROM organisations TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE domain <> ? LIMIT 10`,
        [BIG_DOMAIN],
      )
    ).rows.map((row) => row.domain);
    const api = `${product.url}/api`;
    const list = `${api}/admin/organisations`;
    const lastPage = Math.ceil(organisations / 25);
    const cases: [string, string[]][] = [['organisations, first page (most recent)', [list]]];
    for (const sort of ['domain', 'members', 'submissions', 'lastSubmittedAt', 'teamLevel', 'trend'])
      for (const direction of ['asc', 'desc'])
        cases.push([
          `organisations by ${sort} ${direction}`,
          [`${list}?sort=${sort}&direction=${direction}`],
        ]);
    cases.push(
      ['organisations, last page', [`${list}?page=${lastPage}`]],
      ['organisations by trend, middle page', [`${list}?sort=trend&page=${Math.ceil(lastPage / 2)}`]],
      ['organisations by team level, last page', [`${list}?sort=teamLevel&direction=asc&page=${lastPage}`]],
      ['organisations, search "cloud"', [`${list}?search=cloud`]],
      ['organisations, search a domain', sample.map((d) => `${list}?search=${encodeURIComponent(d)}`)],
      ['organisation detail', sample.map((d) => `${list}/${d}`)],
      [`organisation detail, ${BIG_DOMAIN}`, [`${list}/${BIG_DOMAIN}`]],
    );
    const reads: ReadTiming[] = [];
    for (const [label, urls] of cases)
      reads.push(await time(label, urls, headers, Math.max(1, Math.ceil(rounds / urls.length))));
    const keyHeaders = await readKeyHeaders(product);
    reads.push(
      await time(
        'v1 organisations, by team level',
        [`${api}/v1/organisations?sort=teamLevel`],
        keyHeaders,
        rounds,
      ),
      await time(
        'v1 organisation detail',
        sample.map((d) => `${api}/v1/organisations/${d}`),
        keyHeaders,
        Math.max(1, Math.ceil(rounds / sample.length)),
      ),
    );
    return { submissions: count, organisations, seedSeconds, reads };
  });
}
