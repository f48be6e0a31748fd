import { api } from '../../app/api';
import { sessionCleared } from '../../app/session';
import type { AppDispatch } from '../../app/store';
import { authApi } from './auth.api';

/**
 * Logout: tell the gateway, then clear the token, the user and every cached answer even when
 * the call fails.
 */
export async function endSession(dispatch: AppDispatch): Promise<void> {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    console.warn('Logout call failed; the local session is cleared anyway', error);
  } finally {
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
  }
}
