import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SESSIONS_USER_STATE } from '@quotebook/contracts';
import { IdentityUserStates } from './user-states';

/** Asked by the gateway and the other services when Redis holds no state for a user. */
@Controller()
export class SessionsController {
  constructor(private readonly states: IdentityUserStates) {}

  @MessagePattern(SESSIONS_USER_STATE.subject)
  userState(@Payload('userId') userId: string) {
    return this.states.userState(userId);
  }
}
