import { ApiError } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { errorBody, errorIssues, errorMessage, errorText, hasStatus } from './api-errors.js';

const refused = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'status text');

const invalidName = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'body.name: Name is required',
  field: 'body.name',
  issues: [
    { field: 'body.name', message: 'Name is required' },
    { field: 'body.answers.0.answer.text', message: 'Answer text is required' },
  ],
};

describe('errorBody', () => {
  it('reads the ErrorBody of a 4xx', () => {
    expect(errorBody(refused(400, invalidName))).toEqual(invalidName);
    expect(errorBody(refused(409, { statusCode: 409, error: 'Conflict', message: 'Taken' }))).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Taken',
    });
  });

  it('keeps only well-formed issues', () => {
    const body = errorBody(
      refused(400, { ...invalidName, issues: [{ field: 'a' }, 'b', invalidName.issues[0]] }),
    );
    expect(body?.issues).toEqual([invalidName.issues[0]]);
  });

  it('has nothing to say for a 5xx, a body that is not an ErrorBody, or a non-API error', () => {
    expect(errorBody(refused(500, { message: 'boom' }))).toBeNull();
    expect(errorBody(refused(404, 'Not Found'))).toBeNull();
    expect(errorBody(refused(400, { issues: [] }))).toBeNull();
    expect(errorBody(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('errorMessage', () => {
  it('prefers the first field problem, in the server’s own words', () => {
    expect(errorMessage(refused(400, invalidName), 'Failed to create pillar')).toBe('Name is required');
  });

  it('uses the message of a refusal without field problems', () => {
    expect(
      errorMessage(refused(404, { statusCode: 404, error: 'Not Found', message: 'Pillar not found' }), 'x'),
    ).toBe('Pillar not found');
  });

  it('keeps the screen’s message for a server failure or a network error', () => {
    expect(errorMessage(refused(500, { message: 'boom' }), 'Failed to fetch users')).toBe(
      'Failed to fetch users',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to delete pillar')).toBe(
      'Failed to delete pillar',
    );
  });
});

describe('errorIssues', () => {
  it('names the fields as the form does', () => {
    expect(errorIssues(refused(400, invalidName))).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'answers.0.answer.text', message: 'Answer text is required' },
    ]);
    expect(errorIssues(refused(409, { statusCode: 409, error: 'Conflict', message: 'Taken' }))).toEqual([]);
  });
});

describe('status helpers', () => {
  it('reads the status and the "status: body" text', () => {
    const error = refused(500, '{"message":"boom"}');
    expect(hasStatus(error, 500)).toBe(true);
    expect(hasStatus(error, 400)).toBe(false);
    expect(errorText(error)).toBe('500: {"message":"boom"}');
    expect(errorText(new ApiError(502, '', 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(errorText('thrown text')).toBe('Something went wrong.');
  });
});
