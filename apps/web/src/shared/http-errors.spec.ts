import { formatHttpError, messageOr, serverMessageOf, type ApiError } from './http-errors';

describe('formatHttpError', () => {
  it('puts the status, a colon and the body text', () => {
    expect(formatHttpError(404, 'body', 'Not Found')).toBe('404: body');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(formatHttpError(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
});

describe('serverMessageOf', () => {
  it.each([
    [{ statusCode: 409, message: 'Keyword already exists', error: 'Conflict' }, 'Keyword already exists'],
    [{ statusCode: 400, message: ['Name must be at least 2 characters', 'Valid email is required'] }, 'Name must be at least 2 characters, Valid email is required'],
    [{ statusCode: 400, message: [] }, undefined],
    [{ statusCode: 500 }, undefined],
    ['plain text', undefined],
    [null, undefined],
  ])('%j → %s', (body, expected) => {
    expect(serverMessageOf(body)).toBe(expected);
  });
});

describe('messageOr', () => {
  const apiError = (serverMessage?: string): ApiError => ({ status: 400, message: '400: {}', serverMessage });

  it("prefers the server's words", () => {
    expect(messageOr(apiError('Invalid credentials here'), 'Invalid credentials')).toBe('Invalid credentials here');
  });

  it('uses the fallback without them, or for anything that is not an API error', () => {
    expect(messageOr(apiError(), 'Failed to create tenant')).toBe('Failed to create tenant');
    expect(messageOr(new Error('boom'), 'Failed to create tenant')).toBe('Failed to create tenant');
  });
});
