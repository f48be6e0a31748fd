import type { NotificationView } from '@quotebook/contracts';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { momentOf } from '../quote-sending/revision-texts';
import { bellLabel, notificationText } from './notification-texts';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/session';
import { rememberedNotifications, rememberNotifications } from './notifications-memory';
import { notificationsApi, useListNotificationsQuery, useMarkNotificationReadMutation } from './notifications.api';

/** How often the bell asks for news while the page is in sight. */
export const NOTIFICATIONS_POLL_MS = 45_000;

/**
 * On a page load that remembers no recent answer, the bell lets the page's own data go first: it asks once
 * no other call of the page has been in flight, and the page has not been busy drawing, for this long; and at the
 * latest FIRST_ASK_LATEST_MS after it appeared.
 */
export const FIRST_ASK_QUIET_MS = 5_000;
export const FIRST_ASK_LATEST_MS = 15_000;
/** A timer this late means the page was busy (drawing a long list): the quiet time starts again. */
const BUSY_LATENESS_MS = 250;

/** Calls `done` after `ms` in which the page was never busy, or at `latest` (a time) whichever comes first. */
function whenQuiet(ms: number, latest: number, done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const due = Date.now() + ms;
    timer = setTimeout(() => {
      if (Date.now() - due > BUSY_LATENESS_MS && Date.now() < latest) arm();
      else done();
    }, Math.max(0, Math.min(ms, latest - Date.now())));
  };
  arm();
  return () => clearTimeout(timer);
}

/** Whether a call of the page other than the bell's own is in flight. */
function usePageLoading(): boolean {
  return useAppSelector((state) =>
    Object.values(state.api.queries).some((query) => query?.status === QueryStatus.pending && query.endpointName !== notificationsApi.endpoints.listNotifications.name),
  );
}

/** Whether the page is in sight (its tab shown): a hidden tab asks the server nothing. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const changed = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}

/** Where a notification leads: the quote, opened in the advanced editor on the quotes page. */
export interface OpenQuoteState {
  openQuote: string;
}

/**
 * The bell in the agency's header: the user's unread count, and a menu of the latest notifications
 * (a first view, an acceptance, a decline) in a popover. Choosing one marks it read and opens its quote. It asks
 * once the page's own data has arrived (or shows what this tab read less than a poll ago), again every 45 seconds
 * while the page is in sight, and at once when it is opened or the page comes back into sight.
 */
export function NotificationsBell({ tenantId, keyword }: { tenantId: string; keyword: string }) {
  const menuId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const visible = usePageVisible();
  const userId = useAppSelector(selectCurrentUser)?.id ?? '';
  // what the bell knew at the previous page load of this tab, when that is less than a poll ago
  const [remembered] = useState(() => {
    const kept = rememberedNotifications(tenantId, userId);
    return kept && Date.now() - kept.at < NOTIFICATIONS_POLL_MS ? kept : null;
  });
  const [asking, setAsking] = useState(false);
  const pageLoading = usePageLoading();
  const [appearedAt] = useState(() => Date.now());
  useEffect(() => {
    if (asking) return;
    const ask = () => setAsking(true);
    const latest = appearedAt + FIRST_ASK_LATEST_MS;
    if (remembered === null && !pageLoading) return whenQuiet(FIRST_ASK_QUIET_MS, latest, ask);
    const next = setTimeout(ask, Math.max(0, (remembered !== null ? remembered.at + NOTIFICATIONS_POLL_MS : latest) - Date.now()));
    return () => clearTimeout(next);
  }, [asking, remembered, pageLoading, appearedAt]);
  const notifications = useListNotificationsQuery(tenantId, { skip: !asking, pollingInterval: visible ? NOTIFICATIONS_POLL_MS : 0 });
  const answered = notifications.data;
  useEffect(() => {
    if (answered) rememberNotifications(tenantId, userId, answered);
  }, [answered, tenantId, userId]);
  const view = answered ?? remembered?.view;
  const [markRead, marking] = useMarkNotificationReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const wasVisible = useRef(visible);
  const { refetch } = notifications;

  useEffect(() => {
    if (visible && !wasVisible.current) {
      if (asking) void refetch();
      else setAsking(true);
    }
    wasVisible.current = visible;
  }, [visible, refetch, asking]);

  const unread = view?.unread ?? 0;
  const items = view?.items ?? [];

  const read = async (id: string): Promise<void> => {
    try {
      await markRead({ tenantId, id }).unwrap();
    } catch (error) {
      toast(failureToast(error, 'Impossibile segnare la notifica come letta'));
    }
  };

  const open = (notification: NotificationView) => {
    setAnchor(null);
    if (!notification.readAt) void read(notification.id);
    const state: OpenQuoteState = { openQuote: notification.quoteId };
    navigate(`/${keyword}/quotes`, { state });
  };

  return (
    <>
      <IconButton
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setAsking(true);
        }}
        sx={{ flexShrink: 0 }}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
      <Popover
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': `${menuId}-title`, sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
          <Typography id={`${menuId}-title`} component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            Notifiche
          </Typography>
          <Button size="small" startIcon={<DoneAllIcon />} disabled={unread === 0 || marking.isLoading} onClick={() => void read('all')}>
            Segna tutte come lette
          </Button>
        </Box>
        <Divider />
        {items.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2, py: 2, color: 'text.secondary' }}>
            {notifications.isError ? 'Impossibile leggere le notifiche' : 'Nessuna notifica'}
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Ultime notifiche" sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {items.map((notification) => (
              <ListItemButton key={notification.id} onClick={() => open(notification)} data-unread={notification.readAt ? undefined : true} sx={{ alignItems: 'flex-start' }}>
                <ListItemText
                  primary={notificationText(notification)}
                  secondary={momentOf(notification.createdAt)}
                  slotProps={{ primary: { sx: { fontWeight: notification.readAt ? 400 : 700 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
