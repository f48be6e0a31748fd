import type { LoginResponse, MessageResponse, UserView } from '@quotebook/contracts';
import { api } from '../../app/api';

export interface LoginRequest {
  username: string;
  password: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    /**
     * Never retried, never cached: a failed answer ends the session. The argument is the session's token, used only as the cache
     * key so that every new session asks again.
     */
    currentUser: build.query<UserView, string>({
      query: () => 'auth/me',
      keepUnusedDataFor: 0,
    }),
    /** `token` revokes a session that was never stored (a user let in by mistake). */
    logout: build.mutation<MessageResponse | null, { token?: string } | void>({
      query: (arg) => ({
        url: 'auth/logout',
        method: 'POST',
        headers: arg && arg.token ? { authorization: `Bearer ${arg.token}` } : undefined,
      }),
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; newPassword: string }>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useCurrentUserQuery,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
