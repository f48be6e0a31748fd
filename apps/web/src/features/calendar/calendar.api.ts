import type { CalendarQueryDto, CalendarView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface CalendarArgs {
  tenantId: string;
  query: CalendarQueryDto;
}

/** The booked services of a range of days; they follow the quotes, whose every change invalidates the dashboard's tag. */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendar: build.query<CalendarView, CalendarArgs>({
      query: ({ tenantId, query }) => {
        const search = new URLSearchParams({ from: query.from, to: query.to });
        if (query.productId) search.set('productId', query.productId);
        if (query.customerId) search.set('customerId', query.customerId);
        return `${tenantPath(tenantId, 'calendar')}?${search.toString()}`;
      },
      providesTags: [{ type: 'Dashboard', id: 'LIST' }],
    }),
  }),
});

export const { useGetCalendarQuery } = calendarApi;
