import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { currentUserLoaded, selectToken, sessionCleared } from '../../app/session';
import { isPublicQuotePath } from '../public-quote/public-quote-path';
import { useCurrentUserQuery } from './auth.api';

/**
 * Whenever a token is present (at start, and after each login) the current user is fetched afresh; a
 * failure means the token is no good, so the session is cleared. A customer's quote link is no page of
 * the session: an agent who opens one in the same browser is not asked who they are.
 */
export function CurrentUserSync() {
  const stored = useAppSelector(selectToken);
  const token = isPublicQuotePath(window.location.pathname) ? null : stored;
  const dispatch = useAppDispatch();
  const { data, error } = useCurrentUserQuery(token ?? skipToken, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (data) dispatch(currentUserLoaded(data));
  }, [data, dispatch]);

  useEffect(() => {
    if (!error) return;
    console.warn('Authentication failed', error);
    dispatch(sessionCleared());
  }, [error, dispatch]);

  return null;
}
