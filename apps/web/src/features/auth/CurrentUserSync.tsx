import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { currentUserLoaded, selectToken, sessionCleared } from '../../app/session';
import { useCurrentUserQuery } from './auth.api';

/**
 * Whenever a token is present (at start, and after each login) the current user is fetched afresh; a
 * failure means the token is no good, so the session is cleared.
 */
export function CurrentUserSync() {
  const token = useAppSelector(selectToken);
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
