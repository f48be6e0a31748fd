import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateUserDto,
  UpdateUserDto,
  USERS_CREATE,
  USERS_DELETE,
  USERS_LIST,
  USERS_UPDATE,
  type Principal,
} from '@quotebook/contracts';
import { TeamService } from './team.service';

/** The Users page: an agency's team, called by the gateway. */
@Controller()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @MessagePattern(USERS_LIST.subject)
  list(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('cursor') cursor: number | undefined) {
    return this.team.list(principal, tenantId, cursor);
  }

  @MessagePattern(USERS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('data') data: CreateUserDto) {
    return this.team.create(principal, data);
  }

  @MessagePattern(USERS_UPDATE.subject)
  update(@Payload('principal') principal: Principal, @Payload('userId') userId: string, @Payload('data') data: UpdateUserDto) {
    return this.team.update(principal, userId, data);
  }

  @MessagePattern(USERS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('userId') userId: string) {
    return this.team.delete(principal, userId);
  }
}
