import { Controller } from '@nestjs/common';
import { RpcRequest, SESSIONS_USER_STATE } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { IdentityUserStates } from './user-states';

/** Asked by the gateway and the other services when Redis holds no state for a user. */
@Controller()
export class SessionsController {
  constructor(private readonly states: IdentityUserStates) {}

  @Handles(SESSIONS_USER_STATE)
  userState({ userId }: RpcRequest<typeof SESSIONS_USER_STATE>) {
    return this.states.userState(userId);
  }
}
