import type { NotificationsView } from '@quotebook/contracts';

/**
 * The bell's last answer, kept for the browser tab (sessionStorage) by agency and user, so that the
 * bell asks every 45 seconds across page loads too: opening another page within that time shows the
 * count it had and adds no call to the page's own.
 */
const KEY = 'notifications';

interface Remembered {
  owner: string;
  at: number;
  view: NotificationsView;
}

const ownerOf = (tenantId: string, userId: string) => `${tenantId}/${userId}`;

export function rememberedNotifications(tenantId: string, userId: string, storage: Storage = sessionStorage): Remembered | null {
  try {
    const remembered = JSON.parse(storage.getItem(KEY) ?? 'null') as Remembered | null;
    if (!remembered || remembered.owner !== ownerOf(tenantId, userId) || typeof remembered.at !== 'number' || !remembered.view) return null;
    return remembered;
  } catch {
    return null;
  }
}

export function rememberNotifications(tenantId: string, userId: string, view: NotificationsView, at = Date.now(), storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify({ owner: ownerOf(tenantId, userId), at, view } satisfies Remembered));
  } catch {
    // a full or refused storage only costs the next page load one call
  }
}
