/** One place for the hard reload, so tests can replace it (jsdom's location.reload cannot be stubbed). */
export function reloadPage(): void {
  window.location.reload();
}
