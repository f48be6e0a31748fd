/** Whether a request URL (path and query) is `base` or under it, segment by segment, in any letter case. */
export function isUnderPath(url: string, base: string): boolean {
  if (url.length < base.length || url.slice(0, base.length).toLowerCase() !== base) return false;
  const next = url.charAt(base.length);
  return next === '' || next === '/' || next === '?';
}
