import { APP_ERROR_REASONS, DOMAIN_ERROR_REASONS, isAppError, makeAppError, reasonForStatus, statusForReason } from './errors';

describe('error reasons', () => {
  it.each([
    ['VAT_RATE_IN_USE', 409],
    ['PRICE_LIST_IN_USE', 409],
    ['PERIOD_OVERLAP', 409],
    ['KEYWORD_TAKEN', 409],
    ['USERNAME_TAKEN', 409],
    ['TAG_NAME_TAKEN', 409],
    ['VAT_RATE_DESCRIPTION_TAKEN', 409],
    ['KEYWORD_RESERVED', 400],
    ['LAST_ADMINISTRATOR', 400],
    ['OWN_ACCOUNT', 400],
    ['SESSION_ENDED', 401],
    ['TENANT_DISABLED', 403],
    ['TENANT_EXPIRED', 403],
    ['TENANT_NOT_FOUND', 404],
    ['REVISION_SUPERSEDED', 409],
    ['ALREADY_ANSWERED', 409],
    ['LINK_EXPIRED', 410],
    ['MAILER_UNAVAILABLE', 503],
  ] as const)('%s is answered with %i', (reason, statusCode) => {
    expect(makeAppError(reason, 'text')).toEqual({ reason, statusCode, message: 'text', error: expect.any(String) });
  });

  it('a domain reason shares its status and reason phrase with the generic reason of that status', () => {
    for (const reason of DOMAIN_ERROR_REASONS) {
      const status = statusForReason(reason);
      expect(statusForReason(reasonForStatus(status.statusCode))).toEqual(status);
    }
  });

  it('takes only the listed reasons', () => {
    // @ts-expect-error a reason outside the list does not compile
    expect(() => statusForReason('NO_SUCH_RULE')).toThrow('Unmapped error reason: NO_SUCH_RULE');
  });

  it('recognises only known reasons as an AppError', () => {
    expect(APP_ERROR_REASONS.every((reason) => isAppError(makeAppError(reason, 'x')))).toBe(true);
    expect(isAppError({ reason: 'SOMETHING_ELSE', statusCode: 400, message: 'x', error: 'Bad Request' })).toBe(false);
    expect(isAppError({ code: 'CONFLICT', statusCode: 409, message: 'x', error: 'Conflict' })).toBe(false);
  });
});
