import fs from 'node:fs/promises';
import path from 'node:path';
import { PublicConfig } from '@msp/shared';
import type { ServerCheck } from '../shared/bridge.js';

/** How long a server address check waits for GET /api/config. */
export const SERVER_CHECK_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a host is this machine: the only place plain http is allowed. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost')
  );
}

export type ParsedAddress = { ok: true; origin: string } | { ok: false; error: string };

/**
 * Reads the address a person typed: a bare host means https; a path after the host (an address
 * copied from the browser's bar) is dropped, since the API lives at the server's root.
 */
export function parseServerAddress(input: string): ParsedAddress {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the server’s address, e.g. https://assess.example.com' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: `“${text}” is not a web address. Enter one like https://assess.example.com` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: `The address must start with https:// (not ${url.protocol}//).` };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      error: 'Leave the user name and password out of the address; you sign in afterwards.',
    };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      error: `Plain http is allowed only for this computer (localhost). Use https://${url.host} instead.`,
    };
  }
  return { ok: true, origin: url.origin };
}

const NETWORK_REASONS: [RegExp, string][] = [
  [/ERR_CONNECTION_REFUSED|ECONNREFUSED/, 'nothing answers at that address and port (connection refused)'],
  [/ERR_NAME_NOT_RESOLVED|ENOTFOUND|EAI_AGAIN/, 'no server has that name (it could not be looked up)'],
  [
    /ERR_INTERNET_DISCONNECTED|ENETUNREACH|ERR_NETWORK_CHANGED/,
    'this computer is not connected to a network',
  ],
  [/ERR_CONNECTION_TIMED_OUT|ETIMEDOUT|ERR_TIMED_OUT/, 'the connection timed out'],
  [/ERR_CONNECTION_RESET|ECONNRESET/, 'the connection was cut off'],
  [/ERR_CERT_|CERT_|SELF_SIGNED|UNABLE_TO_VERIFY/, 'its certificate is not trusted by this computer'],
  [/ERR_SSL_|EPROTO|wrong version number/, 'it does not speak https on that port'],
];

/**
 * Why a request to the server failed, in words a person can act on: Chromium's net:: codes and
 * Node's errno codes alike, never a stack or a library's call log.
 */
export function describeNetworkError(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    messages.push(`${(current as NodeJS.ErrnoException).code ?? ''} ${current.message}`);
  }
  const text = messages.join(' ');
  const known = NETWORK_REASONS.find(([pattern]) => pattern.test(text));
  if (known) return known[1];
  // Unknown: the first line of the innermost message, which names the problem.
  const line = (messages.at(-1) ?? String(error)).trim().split('\n')[0]!.trim();
  return line && line !== 'fetch failed' ? line : 'the connection failed';
}

/**
 * Checks that an address is an assessment server: a valid https address (http only for
 * localhost) whose GET /api/config answers with the product's public config.
 */
export async function checkServerAddress(
  input: string,
  fetchUrl: (url: string, init: RequestInit) => Promise<Response>,
  timeoutMs = SERVER_CHECK_TIMEOUT_MS,
): Promise<ServerCheck> {
  const parsed = parseServerAddress(input);
  if (!parsed.ok) return parsed;
  const { origin } = parsed;
  let response: Response;
  try {
    response = await fetchUrl(`${origin}/api/config`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `it did not answer within ${timeoutMs / 1000} seconds`
        : describeNetworkError(error);
    return { ok: false, error: `Could not reach ${origin}: ${reason}.` };
  }
  const notOurs = (detail: string) => ({
    ok: false as const,
    error: `${origin} answered, but it is not an MSP Automation Maturity server (${detail}). Check the address.`,
  });
  if (!response.ok) return notOurs(`GET /api/config gave ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return notOurs('GET /api/config did not answer JSON');
  }
  const config = PublicConfig.safeParse(body);
  if (!config.success) return notOurs('GET /api/config answered something else');
  return { ok: true, url: origin, productName: config.data.productName };
}

/** The server address kept in the user data folder, so the app starts on it next time. */
export interface ServerAddressStore {
  read(): Promise<string | null>;
  write(url: string): Promise<void>;
}

/**
 * Keeps the address in a small JSON file. Written to a temporary file and renamed, so a crash
 * mid-write leaves the old address rather than a broken file; an unreadable file counts as none.
 */
export function createServerAddressStore(filePath: string): ServerAddressStore {
  return {
    async read() {
      let text: string;
      try {
        text = await fs.readFile(filePath, 'utf8');
      } catch {
        return null;
      }
      try {
        const stored = (JSON.parse(text) as { serverUrl?: unknown }).serverUrl;
        if (typeof stored !== 'string') return null;
        const parsed = parseServerAddress(stored);
        return parsed.ok ? parsed.origin : null;
      } catch {
        return null;
      }
    },
    async write(url) {
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      const temporary = `${filePath}.${process.pid}.tmp`;
      await fs.writeFile(temporary, `${JSON.stringify({ serverUrl: url }, null, 2)}\n`);
      await fs.rename(temporary, filePath);
    },
  };
}
