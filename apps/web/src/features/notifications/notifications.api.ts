import type { NotificationsView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

/** The signed-in user's notifications in one agency: the unread count and the newest first. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationsView, string>({
      query: (tenantId) => tenantPath(tenantId, 'notifications'),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    /** One read, or every one (`id: 'all'`); answers the list as it now is. */
    markNotificationRead: build.mutation<NotificationsView, { tenantId: string; id: string }>({
      query: ({ tenantId, id }) => ({ url: `${tenantPath(tenantId, 'notifications', id)}/read`, method: 'POST' }),
      // the answer is the new list: put it in the cache rather than asking again
      async onQueryStarted({ tenantId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('listNotifications', tenantId, data));
        } catch {
          // the failure is reported where the call was made
        }
      },
    }),
  }),
});

export const { useListNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
