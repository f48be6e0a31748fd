import type { NotificationView } from '@quotebook/contracts';
import { revisionLabel } from '@quotebook/domain';

/** "Scuola Dante ha accettato #ABC123 rev. 2", "#ABC123 rev. 1 visto per la prima volta". */
export function notificationText(notification: Pick<NotificationView, 'kind' | 'customerName' | 'quoteShortId' | 'revision'>): string {
  const quote = revisionLabel(notification.quoteShortId, notification.revision);
  switch (notification.kind) {
    case 'accepted':
      return `${notification.customerName} ha accettato ${quote}`;
    case 'declined':
      return `${notification.customerName} ha rifiutato ${quote}`;
    case 'viewed':
      return `${quote} visto per la prima volta`;
  }
}

/** The bell's name, with the count a screen reader would otherwise miss. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifiche';
  return unread === 1 ? 'Notifiche: 1 non letta' : `Notifiche: ${unread} non lette`;
}
