import { Controller } from '@nestjs/common';
import {
  CreateUserDto,
  RpcRequest,
  UpdateUserDto,
  USERS_CREATE,
  USERS_DELETE,
  USERS_LIST,
  USERS_UPDATE,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { TeamService } from './team.service';

/** The Users page: an agency's team, called by the gateway. */
@Controller()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Handles(USERS_LIST)
  list({ principal, tenantId, cursor }: RpcRequest<typeof USERS_LIST>) {
    return this.team.list(principal, tenantId, cursor);
  }

  @Handles(USERS_CREATE, { data: CreateUserDto })
  create({ principal, data }: RpcRequest<typeof USERS_CREATE>) {
    return this.team.create(principal, data);
  }

  @Handles(USERS_UPDATE, { data: UpdateUserDto })
  update({ principal, userId, data }: RpcRequest<typeof USERS_UPDATE>) {
    return this.team.update(principal, userId, data);
  }

  @Handles(USERS_DELETE)
  delete({ principal, userId }: RpcRequest<typeof USERS_DELETE>) {
    return this.team.delete(principal, userId);
  }
}
