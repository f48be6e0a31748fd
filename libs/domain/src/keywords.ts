import { KEYWORD_MAX_LENGTH, KEYWORD_MIN_LENGTH } from './limits';
import { keywordReserved, MESSAGES } from './messages';

/** Keywords that would shadow a route of the web app or the API. */
export const RESERVED_KEYWORDS = [
  'superadmin', 'api', 'reset-password', 'admin', 'assets', 'static', 'uploads', 'login', 'logout',
  'dashboard', 'health', 'docs', 'favicon.ico', 'index.html',
] as const;

/** Lowercase letters and digits in groups joined by single dashes: the agency's address, /{keyword}. */
export const KEYWORD_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What is wrong with an agency keyword, or null when it may be used. */
export function keywordProblem(keyword: string): string | null {
  if (!keyword) return MESSAGES.keywordRequired;
  if (keyword.length < KEYWORD_MIN_LENGTH || keyword.length > KEYWORD_MAX_LENGTH) return MESSAGES.keywordLength;
  if (!KEYWORD_PATTERN.test(keyword)) return MESSAGES.keywordCharacters;
  if ((RESERVED_KEYWORDS as readonly string[]).includes(keyword)) return keywordReserved(keyword);
  return null;
}
