import Boom from '@hapi/boom';
import Hapi from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { addResponseStep } from './response-steps.js';

describe('the server’s steps before an answer is sent', () => {
  it('runs in the order added, in one onPreResponse hook, on every server of its own', async () => {
    const server = Hapi.server();
    const other = Hapi.server();
    server.route({ method: 'GET', path: '/', handler: () => 'ok' });
    other.route({ method: 'GET', path: '/', handler: () => 'ok' });
    addResponseStep(server, (_request, response) => {
      if (!Boom.isBoom(response)) response.header('x-order', 'first');
      return undefined;
    });
    addResponseStep(server, (_request, response) => {
      if (!Boom.isBoom(response)) response.header('x-order', 'second', { append: true });
      return undefined;
    });
    addResponseStep(other, (_request, response) => {
      if (!Boom.isBoom(response)) response.header('x-other', 'yes');
      return undefined;
    });
    const answer = await server.inject('/');
    expect(answer.headers['x-order']).toBe('first,second');
    expect(answer.headers['x-other']).toBeUndefined();
    expect((await other.inject('/')).headers['x-other']).toBe('yes');
  });

  it('answers with the error a step gives instead, which the steps after it work on', async () => {
    const server = Hapi.server();
    server.route({ method: 'GET', path: '/', handler: () => 'ok' });
    addResponseStep(server, () => Boom.serverUnavailable('not now'));
    addResponseStep(server, (_request, response) => {
      if (Boom.isBoom(response)) response.output.headers['x-seen'] = String(response.output.statusCode);
      return undefined;
    });
    const answer = await server.inject('/');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['x-seen']).toBe('503');
  });
});
