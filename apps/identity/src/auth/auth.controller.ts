import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH_FORGOT_PASSWORD,
  AUTH_LOGIN,
  AUTH_ME,
  AUTH_RESET_PASSWORD,
  ForgotPasswordDto,
  LoginDto,
  ResetPasswordDto,
  type Principal,
} from '@quotebook/contracts';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @MessagePattern(AUTH_LOGIN.subject)
  login(@Payload() dto: LoginDto) {
    return this.auth.login(dto.username, dto.password);
  }

  @MessagePattern(AUTH_ME.subject)
  me(@Payload('principal') principal: Principal) {
    return this.auth.me(principal);
  }

  @MessagePattern(AUTH_FORGOT_PASSWORD.subject)
  forgotPassword(@Payload() dto: ForgotPasswordDto) {
    return this.passwordReset.requestReset(dto.email);
  }

  @MessagePattern(AUTH_RESET_PASSWORD.subject)
  resetPassword(@Payload() dto: ResetPasswordDto) {
    return this.passwordReset.resetPassword(dto.token, dto.newPassword);
  }
}
