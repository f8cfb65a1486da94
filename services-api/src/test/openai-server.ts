import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Analysis } from '@msp/shared';

/**
 * How the server answers chat completions:
 * - `succeed`: a structured analysis (the one given to `setMode`, else `TEST_MODEL_ANSWER`);
 * - `fail`: HTTP 500 (or the status given) with an OpenAI-style error body;
 * - `hang`: never answers, for timeouts (`close()` still ends the request);
 * - `invalid-json`: message content that is not JSON;
 * - `wrong-shape`: JSON that does not match the analysis schema;
 * - `refuse`: a structured-output refusal instead of content;
 * - `reject-key`: 401, its message echoing the Authorization header whole, as some servers do.
 */
export type OpenAIServerMode =
  'succeed' | 'fail' | 'hang' | 'invalid-json' | 'wrong-shape' | 'refuse' | 'reject-key';

export interface OpenAIServerModeOptions {
  /** `succeed`: the analysis to answer. */
  answer?: Analysis;
  /** `fail`: the HTTP status to answer. */
  status?: number;
}

/** A request the server received, in arrival order. */
export interface RecordedOpenAIRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** As Node reports them: lower-case names. */
  headers: IncomingHttpHeaders;
  /** The raw body, to search for text that must not be sent. */
  rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  body: unknown;
}

export interface TestOpenAIServer {
  /** `http://127.0.0.1:PORT/v1`: the value for OPENAI_BASE_URL. */
  baseUrl: string;
  /** Every request received so far; tests may empty it with `requests.length = 0`. */
  requests: RecordedOpenAIRequest[];
  /** Changes how the following requests are answered. */
  setMode(mode: OpenAIServerMode, options?: OpenAIServerModeOptions): void;
  /** Stops the server, ending any request still waiting (`hang`). */
  close(): Promise<void>;
}

/** The analysis a `succeed` server answers unless given another. */
export const TEST_MODEL_ANSWER: Analysis = {
  summary:
    'You are at Level 1: Some overall: automation exists, but in pockets rather than as a system. ' +
    'Tooling is your strongest pillar, while Processes and KPIs trail and still depend on individual ' +
    'technicians. Standardising how tickets are triaged and how onboarding runs would free the most ' +
    'capacity. Measuring the hours automation saves will make the case for the next investment.',
  recommendations: [
    {
      emoji: '🧭',
      title: 'Route tickets with PSA workflow rules',
      description:
        'Define triage categories and let PSA workflow rules assign priority and board from them. ' +
        'Review misrouted tickets weekly for a month and adjust the rules.',
    },
    {
      emoji: '🩹',
      title: 'Automate patching in rings',
      description:
        'Create pilot, early and broad patch rings as RMM policies with maintenance windows per client. ' +
        'Report patch compliance per ring in every QBR.',
    },
    {
      emoji: '📊',
      title: 'Track hours saved by automation',
      description:
        'Tag tickets closed by automation in the PSA and estimate the minutes each saves. ' +
        'Review the total monthly with the team.',
    },
  ],
};

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'x-request-id': `req_test_${Date.now()}`,
  });
  res.end(payload);
}

/** A chat completion whose single choice carries `message`. */
function completion(model: unknown, message: { content: string | null; refusal: string | null }) {
  return {
    id: `chatcmpl-test-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'unknown',
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 900, completion_tokens: 250, total_tokens: 1150 },
  };
}

function errorBody(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

/**
 * Starts a fake of the OpenAI chat-completions API (`POST /v1/chat/completions`) on a free port
 * of 127.0.0.1: a real HTTP peer for the openai SDK, whose answers a test switches with `setMode`
 * and whose received requests it reads from `requests`. It checks no key: tests assert on the
 * recorded `authorization` header instead.
 */
export async function startOpenAIServer(
  initial: { mode?: OpenAIServerMode } & OpenAIServerModeOptions = {},
): Promise<TestOpenAIServer> {
  let mode: OpenAIServerMode = initial.mode ?? 'succeed';
  let options: OpenAIServerModeOptions = { answer: initial.answer, status: initial.status };
  const requests: RecordedOpenAIRequest[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, body });

      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
        send(res, 404, errorBody(`Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error'));
        return;
      }
      if (body === undefined) {
        send(
          res,
          400,
          errorBody('We could not parse the JSON body of your request.', 'invalid_request_error'),
        );
        return;
      }
      const model = (body as { model?: unknown }).model;
      switch (mode) {
        case 'succeed':
          send(
            res,
            200,
            completion(model, {
              content: JSON.stringify(options.answer ?? TEST_MODEL_ANSWER),
              refusal: null,
            }),
          );
          return;
        case 'fail':
          send(
            res,
            options.status ?? 500,
            errorBody('The server had an error while processing your request.', 'server_error'),
          );
          return;
        case 'hang':
          // Never answered: the client's timeout, or close(), ends it.
          return;
        case 'invalid-json':
          send(
            res,
            200,
            completion(model, { content: 'Here is your analysis: you are doing great!', refusal: null }),
          );
          return;
        case 'wrong-shape':
          send(
            res,
            200,
            completion(model, {
              content: JSON.stringify({ analysis: 'Level 1', advice: [] }),
              refusal: null,
            }),
          );
          return;
        case 'refuse':
          send(res, 200, completion(model, { content: null, refusal: "I'm sorry, I can't help with that." }));
          return;
        case 'reject-key':
          send(
            res,
            401,
            errorBody(
              `Incorrect API key provided: ${req.headers.authorization ?? ''}`,
              'invalid_request_error',
              'invalid_api_key',
            ),
          );
          return;
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next, nextOptions = {}) {
      mode = next;
      options = nextOptions;
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
