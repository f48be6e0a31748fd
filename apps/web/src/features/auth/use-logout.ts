import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { endSession } from './end-session';

export function useLogout(): { logout: (redirectTo: string) => Promise<void>; loggingOut: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(
    async (redirectTo: string) => {
      setLoggingOut(true);
      await endSession(dispatch);
      navigate(redirectTo, { replace: true });
    },
    [dispatch, navigate],
  );
  return { logout, loggingOut };
}
