import Hapi from '@hapi/hapi';
import autocannon from 'autocannon';
import { startProductServer } from './product-server.js';

/** DESIGN 9: public reads within 2x of a bare Hapi route's requests per second. */
export const PUBLIC_READ_MIN_RATIO = 0.5;
/** DESIGN 9: 200 submissions/s sustained for 60 s, no error, nothing lost, p99 under 100 ms. */
export const SUBMIT_RATE = 200;
export const SUBMIT_P99_BUDGET_MS = 100;

export const PUBLIC_READ_PATHS = [
  '/api/pillars',
  '/api/assessment-questions',
  '/api/matrix-cells',
  '/api/demographic-fields',
];

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export interface ReadResult {
  path: string;
  requestsPerSecond: number;
  baselinePerSecond: number;
  ratio: number;
  errors: number;
}

/**
 * Requests per second of each public read against a bare Hapi route answering the same bytes,
 * both measured here, one after the other, with the same load.
 */
export async function benchPublicReads(seconds: number, connections = 20): Promise<ReadResult[]> {
  const product = await startProductServer();
  const results: ReadResult[] = [];
  try {
    for (const path of PUBLIC_READ_PATHS) {
      const body = await (await fetch(`${product.url}${path}`)).text();
      const bare = Hapi.server({ port: 0, host: '127.0.0.1' });
      bare.route({
        method: 'GET',
        path,
        handler: (_request, h) => h.response(body).type('application/json'),
      });
      await bare.start();
      try {
        const baseline = await run({
          url: `http://127.0.0.1:${bare.info.port}${path}`,
          connections,
          duration: seconds,
        });
        const measured = await run({ url: `${product.url}${path}`, connections, duration: seconds });
        results.push({
          path,
          requestsPerSecond: measured.requests.average,
          baselinePerSecond: baseline.requests.average,
          ratio: measured.requests.average / baseline.requests.average,
          errors: measured.errors + measured.non2xx,
        });
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await product.server.stop();
    await product.db.destroy();
  }
  return results;
}

export interface SubmitResult {
  database: string;
  sent: number;
  /** Answered 2xx: each of these must have its row. */
  accepted: number;
  stored: number;
  errors: number;
  p99: number;
  p50: number;
  achievedRate: number;
}

/** Sustained submissions at a fixed rate; counts what was stored afterwards. */
export async function benchSubmit(
  database: 'pglite' | 'postgres',
  seconds: number,
  databaseUrl?: string,
): Promise<SubmitResult> {
  const product = await startProductServer(databaseUrl);
  try {
    await product.db('submissions').delete();
    const questions = (await (await fetch(`${product.url}/api/assessment-questions`)).json()) as {
      id: number;
      answers: { id: number }[];
    }[];
    const body = JSON.stringify({
      demographicData: {
        first_name: 'Bench',
        last_name: 'Mark',
        email_address: 'bench@msp.example',
        company: 'Bench MSP',
        employee_count: '11-25',
        managed_companies: '26-50',
      },
      answers: questions.map((q, i) => ({ questionId: q.id, answerId: q.answers[i % q.answers.length]!.id })),
    });
    const result = await run({
      url: `${product.url}/api/assessment/submit`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 50,
      overallRate: SUBMIT_RATE,
      duration: seconds,
    });
    const stored = Number((await product.db('submissions').count<{ c: string }[]>({ c: '*' }))[0]!.c);
    return {
      database,
      sent: result.requests.sent,
      accepted: result['2xx'],
      stored,
      errors: result.errors + result.non2xx,
      p99: result.latency.p99,
      p50: result.latency.p50,
      achievedRate: result.requests.average,
    };
  } finally {
    await product.server.stop();
    await product.db.destroy();
  }
}
