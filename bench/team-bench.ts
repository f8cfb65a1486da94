import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import { hashToken } from '../services-api/src/domain/tokens.js';
import { percentile } from './open-loop.js';
import { startProductServer } from './product-server.js';

/** The team view's budget at 200 members (issue 40). */
export const TEAM_VIEW_P95_BUDGET_MS = 200;
export const TEAM_MEMBERS = 200;
/** Each member's assessments: a first and two retakes, so the view reads 600 and the history moves. */
const ASSESSMENTS_PER_MEMBER = 3;

/**
 * The team view of an organisation of TEAM_MEMBERS members, each with ASSESSMENTS_PER_MEMBER
 * assessments over the last year (half of them sharing their name): GET /api/visitor/team timed
 * over `rounds` reads, one after another, through the real server on its database. The members'
 * submissions are copies of one real submission (its pillar scores with other levels), written in
 * one statement: their figures, not how they were scored, are what the view reads.
 */
export async function benchTeamView(rounds: number) {
  const { server, db, close } = await startProductServer(process.env.DATABASE_URL || undefined, 'warn');
  try {
    const domain = `bench-${Date.now()}.example`;
    const email = (i: number) => `member${i}@${domain}`;
    const template = await submitOne(server, email(0));
    const pillars = await db('submission_pillar_scores').where({ submission_id: template });
    const rows = [];
    const scores = [];
    for (let m = 0; m < TEAM_MEMBERS; m++) {
      for (let a = m === 0 ? 1 : 0; a < ASSESSMENTS_PER_MEMBER; a++) {
        const id = randomUUID();
        const level = (m + a) % 4;
        rows.push(
          db.raw(
            `SELECT ?::uuid, now() - (? * interval '120 days') - (? * interval '1 minute'), demographic_data || jsonb_build_object('email_address', ?::text, 'first_name', ?::text),
               ?::text, email_domain, ?::int, ?::numeric, language, answers
             FROM submissions WHERE id = ?`,
            [
              id,
              ASSESSMENTS_PER_MEMBER - 1 - a,
              m,
              email(m),
              `Member ${m}`,
              email(m),
              level,
              level * 25,
              template,
            ],
          ),
        );
        scores.push(
          ...pillars.map((p) => ({ ...p, submission_id: id, level: (level + p.pillar_order) % 4 })),
        );
      }
    }
    for (let i = 0; i < rows.length; i += 100) {
      await db.raw(
        `INSERT INTO submissions (id, submitted_at, demographic_data, email, email_domain, overall_level, cumulative_average, language, answers) ${rows
          .slice(i, i + 100)
          .map((r) => r.toQuery())
          .join(' UNION ALL ')}`,
      );
    }
    for (let i = 0; i < scores.length; i += 1000)
      await db('submission_pillar_scores').insert(scores.slice(i, i + 1000));
    await db('team_members').insert(
      Array.from({ length: TEAM_MEMBERS }, (_, m) => ({ email: email(m), domain, shares: m % 2 === 0 })),
    );
    const sid = randomBytes(32).toString('base64url');
    await db('visitor_sessions').insert({ id_hash: hashToken(sid), email: email(1) });
    const [cookie] = await server.states.format([
      { name: 'msp_visitor', value: { sid } as never, options: {} },
    ]);
    const read = () =>
      server.inject({ url: '/api/visitor/team?lang=en', headers: { cookie: String(cookie).split(';')[0]! } });
    const first = await read();
    if (first.statusCode !== 200)
      throw new Error(`the team view answered ${first.statusCode}: ${first.payload}`);
    const view = JSON.parse(first.payload) as { assessed: number; history: unknown[] };
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const response = await read();
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`the team view answered ${response.statusCode}`);
    }
    times.sort((a, b) => a - b);
    return {
      assessed: view.assessed,
      assessments: rows.length + 1,
      historyPoints: view.history.length,
      bytes: first.payload.length,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: times[times.length - 1]!,
    };
  } finally {
    await close();
  }
}

/** One submission through the product's own submit, as `email`. */
export async function submitOne(server: Server, email: string): Promise<string> {
  const questions = JSON.parse((await server.inject({ url: '/api/assessment-questions' })).payload) as {
    id: number;
    answers: { id: number }[];
  }[];
  const fields = JSON.parse((await server.inject({ url: '/api/demographic-fields' })).payload) as {
    identifier: string;
    isRequired: boolean;
    fieldType: string;
    options: string[] | null;
  }[];
  const demographicData = Object.fromEntries(
    fields.map((f) => [f.identifier, f.fieldType === 'email' ? email : (f.options?.[0] ?? 'Bench')]),
  );
  const response = await server.inject({
    method: 'POST',
    url: '/api/assessment/submit',
    payload: {
      demographicData,
      answers: questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
    },
  });
  if (response.statusCode !== 201) throw new Error(`submit failed: ${response.payload}`);
  return (JSON.parse(response.payload) as { submissionId: string }).submissionId;
}

export async function printTeamBench(verdict: (ok: boolean) => string, quick: boolean): Promise<void> {
  const r = await benchTeamView(quick ? 30 : 200);
  console.log(
    `\nThe team view of ${r.assessed} members (${r.assessments} assessments, ${r.historyPoints} months, ${(r.bytes / 1024).toFixed(0)} KB):`,
  );
  console.log(
    `  p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms ` +
      `(budget p95 < ${TEAM_VIEW_P95_BUDGET_MS} ms): ${verdict(r.p95 < TEAM_VIEW_P95_BUDGET_MS)}`,
  );
}
