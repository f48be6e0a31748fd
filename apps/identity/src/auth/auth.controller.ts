import { Controller } from '@nestjs/common';
import {
  AUTH_FORGOT_PASSWORD,
  AUTH_LOGIN,
  AUTH_ME,
  AUTH_RESET_PASSWORD,
  ForgotPasswordDto,
  LoginDto,
  ResetPasswordDto,
  RpcRequest,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Handles(AUTH_LOGIN, LoginDto)
  login({ username, password }: RpcRequest<typeof AUTH_LOGIN>) {
    return this.auth.login(username, password);
  }

  @Handles(AUTH_ME)
  me({ principal }: RpcRequest<typeof AUTH_ME>) {
    return this.auth.me(principal);
  }

  @Handles(AUTH_FORGOT_PASSWORD, ForgotPasswordDto)
  forgotPassword({ email }: RpcRequest<typeof AUTH_FORGOT_PASSWORD>) {
    return this.passwordReset.requestReset(email);
  }

  @Handles(AUTH_RESET_PASSWORD, ResetPasswordDto)
  resetPassword({ token, newPassword }: RpcRequest<typeof AUTH_RESET_PASSWORD>) {
    return this.passwordReset.resetPassword(token, newPassword);
  }
}
