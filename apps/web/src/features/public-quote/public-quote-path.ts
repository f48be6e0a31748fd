/** The path of a customer's quote link, `/q/{token}`: a page of no agency and no session. */
export const isPublicQuotePath = (pathname: string) => /^\/q\/[^/]+\/?$/.test(pathname);
