import type Boom from '@hapi/boom';
import type { Request, Server } from '@hapi/hapi';

/**
 * One piece of the server's own work on every answer before it is sent (its headers, the statuses
 * it rewrites). It reads and changes `response`, the answer so far; it returns an error to answer
 * with instead, which the steps after it then work on: a 503 the request guards give instead
 * still carries the security headers.
 */
export type ResponseStep = (request: Request, response: Request['response']) => Boom.Boom | undefined;

/** Each server's steps, by its listener: a plugin's `server` is another object for the same one. */
const stepsOf = new WeakMap<object, ResponseStep[]>();

/**
 * Adds a step to the server's one `onPreResponse` hook, after the steps added before it. Hapi runs
 * each hook of an event through its toolkit and a promise of its own, a cost on every request: the
 * request guards, the security headers and the CSRF header share one hook instead of one each.
 * The hook takes its place among the others where the first step is added.
 */
export function addResponseStep(server: Server, step: ResponseStep): void {
  const existing = stepsOf.get(server.listener);
  if (existing) {
    existing.push(step);
    return;
  }
  const steps = [step];
  stepsOf.set(server.listener, steps);
  server.ext('onPreResponse', (request, h) => {
    let answer = request.response;
    for (const run of steps) answer = run(request, answer) ?? answer;
    return answer === request.response ? h.continue : answer;
  });
}
