import { readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import pg from 'pg';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { to as copyTo } from 'pg-copy-streams';
import { ContentCache } from '../services-api/src/db/content-cache.js';
import type { Database } from '../services-api/src/db/knex.js';
import { publicContent } from '../services-api/src/plugins/content/public-content.js';
import { exportQuery, type ExportFilter } from '../services-api/src/plugins/submissions/export/query.js';
import { createSubmission } from '../services-api/src/plugins/submissions/visitor/submit-service.js';
import { createTestUser, sessionHeaders, visitorHeaders } from '../services-api/src/test/auth-helpers.js';
import { onScratchDatabase, readKeyHeaders } from './product-server.js';
import { startServerProcess } from './server-process.js';

/** Budget: the submissions list, analytics and comparison under 200 ms at 1,000,000 submissions. */
export const SCALE_READ_BUDGET_MS = 200;
/** Budget: an export of 100,000 submissions streams with the server's peak memory under 300 MB. */
export const EXPORT_RSS_BUDGET_MB = 300;
/** Issue 24: 100,000 submissions as CSV within 10 s, as XLSX within 15 s. */
export const EXPORT_SECONDS_BUDGET = { csv: 10, xlsx: 15 } as const;
/** Issue 24: other requests' p99 while two exports run. */
export const DURING_EXPORTS_P99_BUDGET_MS = 100;

/** Distinct answer profiles scored by the real submit code; the million rows copy them. */
const PROFILES = 500;
/** One large MSP group submits every tenth assessment: the domain the export bench downloads. */
export const BIG_DOMAIN = 'atlas-msp-group.com';

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Sarah',
  'David',
  'Emma',
  'Daniel',
  'Olivia',
  'Thomas',
  'Sophie',
  'Mark',
  'Laura',
  'Paul',
  'Hannah',
  'Kevin',
  'Chloé',
  'Brian',
  'Zoë',
  'José',
  'Ana',
  'Björn',
  'Ingrid',
  'Raj',
  'Priya',
  'Wei',
  'Mei',
  'Kwame',
  'Amara',
  'Liam',
  'Noah',
  'Ava',
  'Mia',
  'Lucas',
  'Ella',
  'Omar',
  'Leila',
  'Sean',
  'Niamh',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Okafor',
  'Patel',
  'Nguyen',
  'Kowalski',
  'Murphy',
  "O'Brien",
  'Schmidt',
  'Rossi',
  'Dubois',
  'Larsen',
];
const ADJECTIVES = [
  'Bright',
  'Blue',
  'Iron',
  'Summit',
  'North',
  'Clear',
  'Swift',
  'Silver',
  'Peak',
  'True',
  'Prime',
  'Apex',
  'Core',
  'Red',
  'Green',
  'Harbor',
  'Cedar',
  'Granite',
  'Pioneer',
  'Keystone',
  'Beacon',
  'Vertex',
  'Nimbus',
  'Falcon',
  'Lumen',
  'Atlas',
  'Orbit',
  'Quantum',
  'Vector',
  'Zenith',
  'Maple',
  'Oak',
  'River',
  'Stone',
  'Pacific',
  'Coastal',
  'Metro',
  'Capital',
  'Union',
  'Frontier',
];
const NOUNS = [
  'Path',
  'Bridge',
  'Gate',
  'Wave',
  'Point',
  'Line',
  'Field',
  'Rock',
  'Star',
  'Tower',
  'Forge',
  'Works',
  'Stack',
  'Cloud',
  'Node',
  'Link',
  'Grid',
  'Shield',
  'Arc',
  'Hub',
  'Ridge',
  'Crest',
  'Harbor',
  'Lake',
  'Port',
  'Valley',
  'Way',
  'Signal',
  'Spark',
  'Wire',
  'Logic',
  'Mind',
  'Sense',
  'Base',
  'Vault',
  'Sky',
  'Ocean',
  'Pine',
  'Fox',
  'Wolf',
  'Bear',
  'Hawk',
  'Lion',
  'Owl',
  'Elm',
  'Birch',
  'Flint',
  'Quartz',
  'Copper',
  'Cobalt',
];
const KINDS = [
  ['IT', 'it'],
  ['Technologies', 'tech'],
  ['Networks', 'networks'],
  ['Managed Services', 'ms'],
  ['Solutions', 'solutions'],
  ['Systems', 'systems'],
  ['Cloud', 'cloud'],
  ['Tech Group', 'techgroup'],
  ['Consulting', 'consulting'],
  ['Support', 'support'],
];
const TLDS = ['.com', '.net', '.co.uk', '.io', '.com.au'];
/**
 * Attribution: 8 in 20 submissions carry no source, the others one of SOURCES evenly (1 in 20
 * each); 20 in 60 no campaign, the others one of 40 (1 in 60 each).
 */
const SOURCES = [
  'google',
  'linkedin',
  'newsletter',
  'partner-a',
  'partner-b',
  'webinar',
  'youtube',
  'reddit',
  'podcast',
  'events',
  'x',
  'bing',
];
const SOURCE_SLOTS = 20;
const CAMPAIGN_SLOTS = 60;
const CAMPAIGNS = 40;
/** Referral codes: 1 in 8 submissions carries one of these many partners' codes (1 in 200 each). */
const PARTNERS = 25;

/** The calendar day (UTC) `days` before today, YYYY-MM-DD: the admin's per-day view starts there. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** ADJECTIVES x NOUNS x KINDS companies, each with its own domain. */
const COMPANIES = ADJECTIVES.length * NOUNS.length * KINDS.length;

/**
 * Every company domain's organisation, counted by the production function (`organisation_recount`,
 * as the first start counts them), then given a trend: the team average before the domain's latest
 * submission, where that differs, stands as the one before the latest change.
 */
async function countOrganisations(db: Database): Promise<void> {
  const domains = (
    await db.raw<{ rows: { domain: string }[] }>(`SELECT DISTINCT email_domain AS domain FROM submissions
      WHERE email_domain IS NOT NULL AND NOT is_personal_email_domain(email_domain) ORDER BY 1`)
  ).rows.map((row) => row.domain);
  // A statement per thousand: each recount holds its domain's advisory lock to the transaction's
  // end, and one transaction holding a hundred thousand runs out of lock slots.
  for (let start = 0; start < domains.length; start += 1000) {
    await db.raw('SELECT organisation_recount(d) FROM unnest(?::text[]) d', [
      domains.slice(start, start + 1000),
    ]);
  }
  await db.raw(`
    WITH last AS (
      SELECT DISTINCT ON (email_domain) email_domain, id FROM submissions
      WHERE email_domain IS NOT NULL ORDER BY email_domain, submitted_at DESC, id DESC),
    before AS (
      SELECT DISTINCT ON (s.email_domain, lower(s.email)) s.email_domain, s.cumulative_average
      FROM submissions s
      WHERE s.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM last l WHERE l.id = s.id)
      ORDER BY s.email_domain, lower(s.email), s.submitted_at DESC, s.id DESC),
    averages AS (
      SELECT email_domain, round(avg(cumulative_average)::numeric, 1) AS average FROM before GROUP BY 1)
    UPDATE organisations o SET previous_team_average = a.average
    FROM averages a WHERE a.email_domain = o.domain AND a.average IS DISTINCT FROM o.team_average`);
  await db.raw('VACUUM ANALYZE organisations');
}

/**
 * A seeded submission's two comparison answers, from its row of bench_seed (b) and the word lists
 * (w): written on the submission and copied onto its pillar scores, as submit does.
 */
const EMPLOYEES_OF = 'w.employees[b.ei]';
const MANAGED_OF = 'w.managed[least(b.ei + (b.g % 2), cardinality(w.managed))]';

/** A small deterministic PRNG, so every run seeds the same data. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Stores `count` realistic submissions. A few hundred answer profiles are submitted through the
 * real submit code (so scores and frozen answers are exactly what production writes); then one
 * INSERT ... SELECT over generate_series copies them with generated people, companies, domains
 * and dates over three years, the aggregate triggers firing once per statement as in production.
 * Secondary indexes are dropped for the load and built again after, as for any bulk load.
 */
export async function seedSubmissions(
  db: Database,
  count: number,
  { domainsPerCompany = 1 }: { domainsPerCompany?: number } = {},
): Promise<number> {
  const started = Date.now();
  const cache = new ContentCache();
  const content = publicContent(db, cache);
  const [pillars, questions, demographicFields] = await Promise.all([
    content.pillars(),
    content.scorableQuestions(),
    content.demographicFields(),
  ]);
  const random = mulberry32(42);
  const optionsOf = (id: string) => demographicFields.find((f) => f.identifier === id)?.options ?? [];
  for (let k = 0; k < PROFILES; k++) {
    // Each profile leans to one maturity and strays from it, as real answers do.
    const lean = k % 4;
    const answers = questions.map((q) => {
      const sorted = [...q.answers].sort((a, b) => a.order - b.order);
      const pick = Math.max(0, Math.min(sorted.length - 1, lean + Math.round((random() - 0.5) * 2.4)));
      return { questionId: q.id, answerId: sorted[pick]!.id };
    });
    const demographicData: Record<string, string> = {
      first_name: 'Profile',
      last_name: String(k),
      email_address: `profile${k}@profiles.invalid`,
      company: 'Profiles',
    };
    for (const field of demographicFields) {
      if (field.isRequired && !demographicData[field.identifier])
        demographicData[field.identifier] = field.options?.[0] ?? 'x';
    }
    await createSubmission(
      db,
      { pillars, questions, demographicFields },
      { demographicData, answers },
      '203.0.113.1',
    );
  }
  await db.raw(`CREATE UNLOGGED TABLE bench_profiles AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, * FROM submissions`);
  await db.raw(`CREATE UNLOGGED TABLE bench_profile_scores AS
    SELECT ps.* FROM submission_pillar_scores ps JOIN bench_profiles p ON p.id = ps.submission_id`);
  await db('submissions').delete();

  const indexes = (
    await db.raw<{ rows: { indexname: string; indexdef: string }[] }>(`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename IN ('submissions', 'submission_pillar_scores') AND indexname NOT LIKE '%_pkey'`)
  ).rows;
  for (const index of indexes) await db.raw('DROP INDEX ??', [index.indexname]);

  const employees = optionsOf('employee_count');
  const managed = optionsOf('managed_companies');
  const roles = optionsOf('role');
  await db.raw('SELECT setseed(0.42)');
  // More domains than companies: each company's people split over that many domains (name2.com),
  // by the run of COMPANIES rows a row falls in (the company is g * 7919 modulo COMPANIES, so any
  // function of g modulo a divisor of COMPANIES would pair each suffix with a fifth of them only).
  const part = `((b.g / ${COMPANIES}) % ${domainsPerCompany})`;
  const domainSuffix = domainsPerCompany > 1 ? `CASE WHEN ${part} = 0 THEN '' ELSE ${part}::text END` : "''";
  await db.raw(
    `CREATE UNLOGGED TABLE bench_seed AS
    SELECT gen_random_uuid() AS id, g,
      (g % ${PROFILES}) AS k,
      CASE WHEN g % 10 = 0 THEN -1 ELSE ((g::bigint * 7919) % ${COMPANIES})::int END AS company,
      now() - interval '1095 days' * power(random(), 1.4) AS submitted_at,
      floor(random() * ${FIRST_NAMES.length})::int + 1 AS fi,
      floor(random() * ${LAST_NAMES.length})::int + 1 AS li,
      floor(random() * ${employees.length})::int + 1 AS ei,
      floor(random() * ${roles.length})::int + 1 AS ri,
      floor(random() * ${SOURCE_SLOTS})::int AS si,
      floor(random() * ${CAMPAIGN_SLOTS})::int AS ci
    FROM generate_series(1, ?) g`,
    [count],
  );
  // The word lists as one row of arrays (knex would spread a JS array binding into a list).
  const lists = {
    firsts: FIRST_NAMES,
    lasts: LAST_NAMES,
    adjectives: ADJECTIVES,
    nouns: NOUNS,
    kinds: KINDS.map(([name]) => name),
    slugs: KINDS.map(([, slug]) => slug),
    tlds: TLDS,
    employees,
    managed,
    roles,
    sources: SOURCES,
  };
  await db.raw(
    `CREATE UNLOGGED TABLE bench_words AS SELECT ${Object.keys(lists)
      .map((key) => `array(SELECT jsonb_array_elements_text(?::jsonb)) AS ${key}`)
      .join(', ')}`,
    Object.values(lists).map((list) => JSON.stringify(list)),
  );
  // Whether each is a returning person's is set once, after the indexes are back: row by row, with
  // no index to probe, it would read the table for every row.
  await db.raw('ALTER TABLE submissions DISABLE TRIGGER submissions_returning_row');
  await db.raw('ALTER TABLE submissions DISABLE TRIGGER submissions_returning_insert');
  // The organisations too: the trigger recounts each domain it touches, which without the
  // indexes is a read of the table per domain. They are counted once the indexes are back.
  await db.raw('ALTER TABLE submissions DISABLE TRIGGER submissions_team_insert');
  const lead = await leadDeskOf(db);
  await db.raw(
    `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
      employee_count, managed_companies, overall_level, cumulative_average, answers,
      answer_text_ids, pillar_score_cells,
      utm_source, utm_medium, utm_campaign, ref_code, referrer_host, landing_path,
      lead_status_id, lead_owner_id, next_step_on)
    SELECT b.id, b.submitted_at, '198.51.' || (b.g % 200) || '.' || (b.g % 251 + 1),
      jsonb_build_object('first_name', c.first_name, 'last_name', c.last_name, 'email_address', e.email,
        'company', c.company, 'employee_count', c.employees, 'managed_companies', c.managed, 'role', c.role),
      e.email, c.domain, c.employees, c.managed,
      p.overall_level, p.cumulative_average, p.answers, p.answer_text_ids, p.pillar_score_cells,
      w.sources[b.si - ${SOURCE_SLOTS - SOURCES.length} + 1],
      CASE WHEN b.si >= ${SOURCE_SLOTS - SOURCES.length} THEN
        CASE WHEN b.si % 2 = 0 THEN 'social' ELSE 'email' END END,
      CASE WHEN b.ci >= ${CAMPAIGN_SLOTS - CAMPAIGNS} THEN 'campaign-' || b.ci END,
      CASE WHEN b.g % 8 = 0 THEN 'partner-' || ((b.g / 8) % ${PARTNERS}) END,
      CASE WHEN b.si >= ${SOURCE_SLOTS - SOURCES.length} THEN 'www.' || w.sources[b.si - ${SOURCE_SLOTS - SOURCES.length} + 1] || '.example' END,
      '/',
      ${lead.status}, ${lead.owner}, ${lead.nextStep}
    FROM bench_seed b
    JOIN bench_profiles p ON p.k = b.k
    CROSS JOIN bench_words w
    CROSS JOIN LATERAL (SELECT
      w.firsts[b.fi] AS first_name,
      w.lasts[b.li] AS last_name,
      CASE WHEN b.company < 0 THEN 'Atlas MSP Group'
        ELSE w.adjectives[b.company % 40 + 1] || ' ' || w.nouns[(b.company / 40) % 50 + 1] || ' '
          || w.kinds[(b.company / 2000) % 10 + 1] END AS company,
      CASE WHEN b.company < 0 THEN ?
        ELSE lower(w.adjectives[b.company % 40 + 1] || w.nouns[(b.company / 40) % 50 + 1]) || '-'
          || w.slugs[(b.company / 2000) % 10 + 1] || ${domainSuffix} || w.tlds[b.company % 5 + 1] END AS domain,
      ${EMPLOYEES_OF} AS employees,
      ${MANAGED_OF} AS managed,
      w.roles[b.ri] AS role) c
    CROSS JOIN LATERAL (SELECT lower(translate(c.first_name || '.' || c.last_name, 'éëöø'' ', 'eeoo'))
      || '@' || c.domain AS email) e`,
    [BIG_DOMAIN],
  );
  await db.raw(`
    INSERT INTO submission_pillar_scores (submission_id, pillar_id, pillar_key, pillar_name, pillar_order,
      points, max_points, percentage, normalized_score, level, employee_count, managed_companies)
    SELECT b.id, s.pillar_id, s.pillar_key, s.pillar_name, s.pillar_order, s.points, s.max_points,
      s.percentage, s.normalized_score, s.level, ${EMPLOYEES_OF}, ${MANAGED_OF}
    FROM bench_seed b JOIN bench_profiles p ON p.k = b.k JOIN bench_profile_scores s ON s.submission_id = p.id
    CROSS JOIN bench_words w`);
  await db.raw(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await db.raw(index.indexdef);
  await db.raw('ALTER TABLE submissions ENABLE TRIGGER submissions_returning_row');
  await db.raw('ALTER TABLE submissions ENABLE TRIGGER submissions_returning_insert');
  await db.raw('ALTER TABLE submissions ENABLE TRIGGER submissions_team_insert');
  await countOrganisations(db);
  await db.raw(`UPDATE submissions s SET is_returning = true
    WHERE s.email IS NOT NULL AND EXISTS (SELECT 1 FROM submissions p
      WHERE p.email IS NOT NULL AND lower(p.email) = lower(s.email)
        AND (p.submitted_at, p.id) < (s.submitted_at, s.id))`);
  for (const table of ['bench_seed', 'bench_profiles', 'bench_profile_scores', 'bench_words'])
    await db.schema.dropTable(table);
  // Statistics for the planner and the visibility map for index-only scans, as autovacuum would.
  await db.raw('VACUUM ANALYZE submissions, submission_pillar_scores');
  return (Date.now() - started) / 1000;
}

/** The lead desk's seed: its statuses and the administrators who own leads. */
export interface LeadDeskSeed {
  statusIds: number[];
  ownerIds: number[];
}

/**
 * How the seed spreads the lead desk over the submissions (SQL over \`b.g\`): six in ten New, then
 * fewer at each later status; nobody owns two in three New ones, one of five owners the rest; four in
 * ten have a next step within 60 days either side of today.
 */
async function leadDeskOf(db: Database): Promise<{ status: string; owner: string; nextStep: string }> {
  const { statusIds, ownerIds } = await seedLeadDesk(db);
  const bucket = '((b.g * 31) % 100)';
  const [newId, contacted, qualified, customer, notAFit] = statusIds as [
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    status: `CASE WHEN ${bucket} < 60 THEN ${newId} WHEN ${bucket} < 80 THEN ${contacted}
      WHEN ${bucket} < 90 THEN ${qualified} WHEN ${bucket} < 95 THEN ${customer} ELSE ${notAFit} END`,
    owner: `CASE WHEN ${bucket} < 60 AND b.g % 3 <> 0 THEN NULL
      ELSE (ARRAY[${ownerIds.join(',')}])[(b.g * 17) % ${ownerIds.length} + 1] END`,
    nextStep: `CASE WHEN b.g % 10 < 4 THEN current_date + ((b.g * 13) % 121 - 60)::int END`,
  };
}

/** The five statuses a new install has, and five approved administrators to own leads. */
export async function seedLeadDesk(db: Database): Promise<LeadDeskSeed> {
  const statusIds = (await db('lead_statuses').orderBy('position').select<{ id: number }[]>('id')).map(
    (row) => row.id,
  );
  const ownerIds: number[] = [];
  for (let index = 1; index <= 5; index += 1) {
    const [row] = await db('users')
      .insert({
        email: `owner${index}@bench.invalid`,
        first_name: 'Owner',
        last_name: String(index),
        role: 'admin',
        status: 'approved',
        approved_at: new Date(),
      })
      .onConflict('email')
      .merge()
      .returning<{ id: number }[]>('id');
    ownerIds.push(row!.id);
  }
  return { statusIds, ownerIds };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface ReadTiming {
  name: string;
  p50: number;
  p95: number;
}

/** Sequential requests, each URL once per round, after a warm-up round; p50 and p95 in ms. */
export async function time(
  name: string,
  urls: string[],
  headers: Record<string, string>,
  rounds: number,
): Promise<ReadTiming> {
  const samples: number[] = [];
  for (let round = -1; round < rounds; round++) {
    for (const url of urls) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name}: ${url} answered ${response.status}`);
      if (round >= 0) samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  return { name, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export interface ExportTiming {
  format: 'csv' | 'xlsx';
  rows: number;
  seconds: number;
  megabytes: number;
  rowsPerSecond: number;
  idleRssMb: number;
  peakRssMb: number;
}

/**
 * Downloads one domain's export from the real server running alone in a child process, and reads
 * that process's peak resident memory (VmHWM) once the file is complete.
 */
async function timeExport(
  databaseUrl: string,
  headers: Record<string, string>,
  format: 'csv' | 'xlsx',
  rows: number,
): Promise<ExportTiming> {
  const child = await startServerProcess({ DATABASE_URL: databaseUrl });
  try {
    const base = child.url;
    const idle = memoryOf(child.pid);
    const started = performance.now();
    const response = await fetch(
      `${base}/api/admin/submissions/export/csv?domain=${BIG_DOMAIN}&format=${format}`,
      { headers },
    );
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      bytes += part.value.byteLength;
    const seconds = (performance.now() - started) / 1000;
    const { peakMb } = memoryOf(child.pid);
    return {
      format,
      rows,
      seconds,
      megabytes: bytes / 1024 / 1024,
      rowsPerSecond: rows / seconds,
      idleRssMb: idle.rssMb,
      peakRssMb: peakMb,
    };
  } finally {
    await child.stop();
  }
}

/** The big domain's export, as the admin asks for it. */
const BIG_EXPORT: ExportFilter = {
  domain: BIG_DOMAIN,
  submitterEmails: [],
  transpose: false,
  format: 'csv',
} as ExportFilter;

export interface CopyFloor {
  rows: number;
  seconds: number;
  megabytes: number;
}

/**
 * The floor to compare the export with: PostgreSQL alone running the export's own query (the same
 * SELECT, its answers and scores built in SQL) as `COPY (…) TO STDOUT`, the text thrown away here.
 */
async function timeCopyFloor(db: Database, databaseUrl: string): Promise<CopyFloor> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    let bytes = 0;
    let rows = 0;
    await pipeline(
      client.query(copyTo(`COPY (${exportQuery(db, BIG_EXPORT).toQuery()}) TO STDOUT`)),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          // COPY's text writes a line break inside a value as \n, so each newline ends a row.
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
          done();
        },
      }),
    );
    return { rows, seconds: (performance.now() - started) / 1000, megabytes: bytes / 1024 / 1024 };
  } finally {
    await client.end();
  }
}

/** Reads a download to its end; its size in bytes. */
async function drainBody(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return bytes;
}

export interface ConcurrentExports {
  /** Sequential reads of the first page of the list with no export running: p50, p99 in ms. */
  idle: { p50: number; p99: number; count: number };
  /** The same reads while two exports (CSV and XLSX) of the big domain run. */
  during: { p50: number; p99: number; count: number };
  /**
   * How long the server's event loop was held up meanwhile (its own prom-client gauges), in ms:
   * the share of the reads' wait that building the export's bytes on the main thread costs, as
   * against the database's share.
   */
  eventLoopDuring: { p99: number; max: number };
  /** What a third export got meanwhile: 429 with Retry-After. */
  thirdStatus: number;
  thirdRetryAfter: string | null;
  seconds: number;
  peakRssMb: number;
}

/**
 * The server's event-loop delay since its metrics were last read (prom-client starts it afresh at
 * each scrape), in ms. Read from this machine, which /metrics serves without a token.
 */
async function eventLoopDelaySinceLastScrape(base: string): Promise<{ p99: number; max: number }> {
  const families = parsePrometheusTextFormat(await (await fetch(`${base}/metrics`)).text());
  const gauge = (name: string) => {
    const value = families.find((family) => family.name === name)?.metrics[0]?.value;
    if (value === undefined) throw new Error(`/metrics has no ${name}`);
    return Number(value) * 1000;
  };
  return { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') };
}

/**
 * Two exports of the big domain at once (the most the server runs), a third refused, and other
 * requests' latency meanwhile: the admin's first page of submissions, one after another.
 */
async function timeConcurrentExports(
  databaseUrl: string,
  headers: Record<string, string>,
): Promise<ConcurrentExports> {
  const child = await startServerProcess({ DATABASE_URL: databaseUrl });
  try {
    const base = child.url;
    const list = `${base}/api/admin/submissions`;
    const sampleWhile = async (keepGoing: () => boolean, max: number) => {
      const samples: number[] = [];
      while (keepGoing() && samples.length < max) {
        const started = performance.now();
        const response = await fetch(list, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`list answered ${response.status}`);
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p99: percentile(samples, 99), count: samples.length };
    };
    await sampleWhile(() => true, 20);
    const idle = await sampleWhile(() => true, 200);

    await eventLoopDelaySinceLastScrape(base);
    const started = performance.now();
    let running = 2;
    const exports = (['csv', 'xlsx'] as const).map(async (format) => {
      const response = await fetch(
        `${base}/api/admin/submissions/export/csv?domain=${BIG_DOMAIN}&format=${format}`,
        {
          headers,
        },
      );
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      await drainBody(response);
      running -= 1;
    });
    // Both have taken their slot once the check says the server is busy.
    let third: Response | null = null;
    for (let tries = 0; tries < 100; tries++) {
      third = await fetch(`${base}/api/admin/submissions/export/check?domain=${BIG_DOMAIN}`, { headers });
      await third.arrayBuffer();
      if (third.status === 429) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const during = await sampleWhile(() => running > 0, Number.POSITIVE_INFINITY);
    await Promise.all(exports);
    const eventLoopDuring = await eventLoopDelaySinceLastScrape(base);
    return {
      idle,
      during,
      eventLoopDuring,
      thirdStatus: third!.status,
      thirdRetryAfter: third!.headers.get('retry-after'),
      seconds: (performance.now() - started) / 1000,
      peakRssMb: memoryOf(child.pid).peakMb,
    };
  } finally {
    await child.stop();
  }
}

/**
 * The lead desk at scale (issue 41): a status and an owner, in the order of the next step, as the
 * person following up reads it; its deep page; an owner's overdue steps; a status alone.
 */
async function timeLeadDesk(
  db: Database,
  api: string,
  headers: Record<string, string>,
  rounds: number,
): Promise<ReadTiming[]> {
  const [statuses, owners] = await Promise.all([
    db('lead_statuses').orderBy('position').select<{ id: number }[]>('id'),
    db('users').where('email', 'like', 'owner%@bench.invalid').orderBy('id').select<{ id: number }[]>('id'),
  ]);
  const contacted = statuses[1]!.id;
  const owner = owners[0]!.id;
  const yesterday = daysAgo(1);
  const cases: [string, string][] = [
    ['lead desk: status and owner, by next step', `status=${contacted}&owner=${owner}&sort=nextStep`],
    [
      'lead desk: status and owner, by next step, page 40',
      `status=${contacted}&owner=${owner}&sort=nextStep&page=40`,
    ],
    ["lead desk: an owner's overdue steps", `owner=${owner}&nextStepEndDate=${yesterday}&sort=nextStep`],
    ['lead desk: a status (2 in 10)', `status=${contacted}`],
    ['lead desk: nobody owns it', `owner=none&sort=nextStep`],
    ['lead desk: every lead by next step', 'sort=nextStep'],
  ];
  const timings: ReadTiming[] = [];
  for (const [label, query] of cases)
    timings.push(await time(label, [`${api}/admin/submissions?${query}`], headers, rounds));
  return timings;
}

export interface ScaleResult {
  submissions: number;
  seedSeconds: number;
  reads: ReadTiming[];
  exports: ExportTiming[];
  copyFloor: CopyFloor;
  concurrent: ConcurrentExports;
}

/**
 * The admin's reads and the export at scale, on PostgreSQL, in a database of its own that is
 * created here and dropped afterwards.
 */
export async function benchSubmissionsAtScale(
  serverUrl: string,
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<ScaleResult> {
  return onScratchDatabase(serverUrl, 'msp_bench', async (product, databaseUrl) => {
    const { db } = product;
    log(`  seeding ${count.toLocaleString('en')} submissions...`);
    const seedSeconds = await seedSubmissions(db, count);
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);
    product.server.app.ctx.cache.invalidate();
    const admin = await createTestUser(db, { role: 'admin', status: 'approved' });
    const headers = await sessionHeaders(product.server, admin.id);

    const sample = (
      await db.raw<{ rows: { id: string; email_domain: string; last_name: string; company: string }[] }>(
        `SELECT id, email_domain, demographic_data->>'last_name' AS last_name,
          demographic_data->>'company' AS company
        FROM submissions TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE email_domain <> ? LIMIT 20`,
        [BIG_DOMAIN],
      )
    ).rows;
    const api = `${product.url}/api`;
    const pages = Math.ceil(count / 25);
    const cases: [string, string[]][] = [
      ['list, first page', [`${api}/admin/submissions`]],
      ['list, deep page (middle)', [`${api}/admin/submissions?page=${Math.ceil(pages / 2)}`]],
      ['list, last page', [`${api}/admin/submissions?page=${pages}`]],
      ['list, six-month range', [`${api}/admin/submissions?startDate=2025-01-01&endDate=2025-06-30&page=40`]],
      [
        'search, company',
        sample.slice(0, 10).map((s) => `${api}/admin/submissions?search=${encodeURIComponent(s.company)}`),
      ],
      [
        'search, email',
        sample
          .slice(0, 10)
          .map((s) => `${api}/admin/submissions?search=${encodeURIComponent(`@${s.email_domain}`)}`),
      ],
      ['search, surname (1 in 40)', [`${api}/admin/submissions?search=okafor`]],
      ['detail', sample.map((s) => `${api}/admin/submissions/${s.id}`)],
      ['domains', [`${api}/admin/submissions/domains`]],
      [
        'domain emails',
        sample.slice(0, 10).map((s) => `${api}/admin/submissions/domain-emails?domain=${s.email_domain}`),
      ],
      [`domain emails, ${BIG_DOMAIN}`, [`${api}/admin/submissions/domain-emails?domain=${BIG_DOMAIN}`]],
      ['list, by source (1 in 20)', [`${api}/admin/submissions?source=linkedin`]],
      ['list, by source, deep page', [`${api}/admin/submissions?source=linkedin&page=1000`]],
      ['list, by campaign (1 in 60)', [`${api}/admin/submissions?campaign=campaign-42`]],
      ['list, by source and campaign', [`${api}/admin/submissions?source=linkedin&campaign=campaign-42`]],
      ['list, by source and search', [`${api}/admin/submissions?source=linkedin&search=okafor`]],
      ['list, by medium (3 in 10)', [`${api}/admin/submissions?medium=email`]],
      ['list, by referral code (1 in 200)', [`${api}/admin/submissions?ref=partner-7`]],
      ['list, by referral code and medium', [`${api}/admin/submissions?ref=partner-7&medium=email`]],
      ['list, by referral code, deep page', [`${api}/admin/submissions?ref=partner-7&page=150`]],
      // The seed takes every submission in English: the majority's page (counted from the aggregate)
      // and its deep page, and a language no row has (the partial index alone).
      ['list, by language (all of them)', [`${api}/admin/submissions?language=en`]],
      ['list, by language, deep page', [`${api}/admin/submissions?language=en&page=20000`]],
      ['list, by language none has', [`${api}/admin/submissions?language=de`]],
      ['analytics', [`${api}/admin/analytics`]],
      ['analytics by source, per month', [`${api}/admin/analytics/sources`]],
      [
        'analytics by source, per day (90 days)',
        [`${api}/admin/analytics/sources?interval=day&startDate=${daysAgo(89)}`],
      ],
      ['analytics by source, per day (366 days)', [`${api}/admin/analytics/sources?interval=day`]],
      ['dashboard stats', [`${api}/admin/stats`]],
      ['public comparison', sample.map((s) => `${api}/assessment/comparison/${s.id}`)],
    ];
    // People who came back (the same first.last at the same company): their later submissions, and
    // the person with the most, whose "Your assessments" lists them all (issue 39).
    const returning = (
      await db.raw<{ rows: { id: string; email: string }[] }>(
        `SELECT s.id, s.email FROM submissions s TABLESAMPLE SYSTEM (1) REPEATABLE (11)
        WHERE s.is_returning LIMIT 20`,
      )
    ).rows;
    cases.push(
      ['detail, a returning visitor (previous)', returning.map((r) => `${api}/admin/submissions/${r.id}`)],
      ['list, returning visitors', [`${api}/admin/submissions?visits=returning`]],
      ['list, returning visitors, page 40', [`${api}/admin/submissions?visits=returning&page=40`]],
      ['list, first-time visitors', [`${api}/admin/submissions?visits=first`]],
    );
    const reads: ReadTiming[] = [];
    for (const [label, urls] of cases) {
      const perUrl = Math.max(1, Math.ceil(rounds / urls.length));
      reads.push(await time(label, urls, headers, perUrl));
    }
    reads.push(...(await timeLeadDesk(db, api, headers, rounds)));
    for (const person of returning.slice(0, 5)) {
      const visitor = await visitorHeaders(product.server, person.email.toLowerCase());
      reads.push(
        await time(
          `"Your assessments" (/my), ${person.email.split('@')[1]}`,
          [`${api}/visitor/assessments?lang=en`],
          visitor,
          Math.max(1, Math.ceil(rounds / 5)),
        ),
      );
    }
    // The key-based API reads the same aggregates and indexes.
    const keyHeaders = await readKeyHeaders(product);
    const keyCases: [string, string[]][] = [
      ['v1 list, first page', [`${api}/v1/submissions`]],
      ['v1 detail, a returning visitor', returning.map((r) => `${api}/v1/submissions/${r.id}`)],
      ['v1 list, by source', [`${api}/v1/submissions?source=google&page=10`]],
      ['v1 list, by referral code', [`${api}/v1/submissions?ref=partner-7&page=10`]],
      ['v1 search, surname (1 in 40)', [`${api}/v1/submissions/search?q=okafor`]],
      [
        'v1 search, domain',
        sample.slice(0, 10).map((s) => `${api}/v1/submissions/search?domain=${s.email_domain}`),
      ],
      ['v1 search, big domain', [`${api}/v1/submissions/search?domain=${BIG_DOMAIN}&page=20`]],
      ['v1 analytics overview', [`${api}/v1/analytics/overview`]],
      ['v1 analytics demographics', [`${api}/v1/analytics/demographics`]],
      ['v1 analytics maturity levels', [`${api}/v1/analytics/maturity-levels`]],
    ];
    for (const [label, urls] of keyCases) {
      const perUrl = Math.max(1, Math.ceil(rounds / urls.length));
      reads.push(await time(label, urls, keyHeaders, perUrl));
    }
    await product.server.stop();

    const big = Number(
      (await db('submissions').where('email_domain', BIG_DOMAIN).count<{ c: string }[]>({ c: '*' }))[0]!.c,
    );
    const exports: ExportTiming[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      log(`  exporting ${big.toLocaleString('en')} rows as ${format}...`);
      exports.push(await timeExport(databaseUrl, headers, format, big));
    }
    log('  the same query as a bare COPY ... TO STDOUT...');
    const copyFloor = await timeCopyFloor(db, databaseUrl);
    log('  two exports at once, and the list meanwhile...');
    const concurrent = await timeConcurrentExports(databaseUrl, headers);
    return { submissions: count, seedSeconds, reads, exports, copyFloor, concurrent };
  });
}

/**
 * The lead desk alone at scale (`npm run bench -- --leads-only`): the million seeded as for the
 * rest of the scale bench, then only the desk's reads, in a database created here and dropped
 * afterwards.
 */
export async function benchLeadDeskAtScale(
  serverUrl: string,
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<ReadTiming[]> {
  return onScratchDatabase(serverUrl, 'msp_bench', async (product) => {
    const { db } = product;
    log(`  seeding ${count.toLocaleString('en')} submissions...`);
    log(`  seeded in ${(await seedSubmissions(db, count)).toFixed(0)} s`);
    product.server.app.ctx.cache.invalidate();
    const admin = await createTestUser(db, { role: 'admin', status: 'approved' });
    const headers = await sessionHeaders(product.server, admin.id);
    return timeLeadDesk(db, `${product.url}/api`, headers, rounds);
  });
}
