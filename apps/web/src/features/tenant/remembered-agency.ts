import { keywordProblem } from '@quotebook/domain';

/** The keyword of the agency whose pages this browser last opened. */
export const LAST_AGENCY_KEY = 'quotebook.last_agency';

/** A keyword that may be put in a path: a usable agency address, never another site's. */
export function agencyKeywordOrNull(keyword: string | null | undefined): string | null {
  return keyword && keywordProblem(keyword) === null ? keyword : null;
}

/** Storage can throw (private browsing, quota): then nothing is remembered. */
export function rememberAgency(keyword: string, storage: Storage = window.localStorage): void {
  try {
    if (agencyKeywordOrNull(keyword)) storage.setItem(LAST_AGENCY_KEY, keyword);
  } catch {
    // nothing remembered: the pages still work, "home" is the product's root
  }
}

export function forgetAgency(keyword: string, storage: Storage = window.localStorage): void {
  try {
    if (storage.getItem(LAST_AGENCY_KEY) === keyword) storage.removeItem(LAST_AGENCY_KEY);
  } catch {
    // nothing stored to forget
  }
}

export function rememberedAgency(storage: Storage = window.localStorage): string | null {
  try {
    return agencyKeywordOrNull(storage.getItem(LAST_AGENCY_KEY));
  } catch {
    return null;
  }
}

/**
 * Where "Go to Homepage" leads from an agency's status screen: an agency's users belong on their own
 * agency's sign-in, so a browser that has opened another agency before goes back there; a stranger,
 * whom no agency can be told of, goes to the product's root.
 */
export function homePathFrom(currentKeyword: string): string {
  const remembered = rememberedAgency();
  return remembered && remembered !== currentKeyword ? `/${remembered}` : '/';
}

/** The sign-in page a password-reset link leads back to: its agency's, else the product's root. */
export function loginPathFor(agency: string | null | undefined): string {
  const keyword = agencyKeywordOrNull(agency);
  return keyword ? `/${keyword}` : '/';
}
