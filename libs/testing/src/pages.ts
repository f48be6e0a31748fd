export interface Page<T> {
  items: T[];
  nextCursor: number | null;
}

/** The items of every page of a list read by cursor, from the first page to the one without a next cursor. */
export async function readAllPages<T>(readPage: (cursor: number) => Promise<Page<T>>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const page: Page<T> = await readPage(cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  }
  return pages;
}
