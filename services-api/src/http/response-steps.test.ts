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
    addResponseStep(server, (request) => {
      if (!Boom.isBoom(request.response)) request.response.header('x-order', 'first');
      return undefined;
    });
    addResponseStep(server, (request) => {
      if (!Boom.isBoom(request.response)) request.response.header('x-order', 'second', { append: true });
      return undefined;
    });
    addResponseStep(other, (request) => {
      if (!Boom.isBoom(request.response)) request.response.header('x-other', 'yes');
      return undefined;
    });
    const answer = await server.inject('/');
    expect(answer.headers['x-order']).toBe('first,second');
    expect(answer.headers['x-other']).toBeUndefined();
    expect((await other.inject('/')).headers['x-other']).toBe('yes');
  });

  it('answers with the error a step gives instead, and ends the steps there, as hapi ends hooks', async () => {
    const server = Hapi.server();
    server.route({ method: 'GET', path: '/', handler: () => 'ok' });
    const ran: string[] = [];
    addResponseStep(server, () => {
      ran.push('first');
      return Boom.serverUnavailable('not now');
    });
    addResponseStep(server, () => {
      ran.push('second');
      return undefined;
    });
    const answer = await server.inject('/');
    expect(answer.statusCode).toBe(503);
    expect(ran).toEqual(['first']);
  });
});
