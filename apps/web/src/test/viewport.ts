/**
 * Makes `matchMedia` (and so MUI's useMediaQuery) answer as a screen `width` pixels wide would, for
 * the min-width/max-width queries the theme's breakpoints produce. Undo with `resetViewport()`.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, value]) =>
      bound === 'min' ? width >= Number(value) : width <= Number(value),
    );
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

const original = window.matchMedia;

export function resetViewport(): void {
  window.matchMedia = original;
}
