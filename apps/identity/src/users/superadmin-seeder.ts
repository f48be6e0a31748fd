import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { IdentityEnv } from '../env';
import { UsersService } from './users.service';

/** A fresh installation gets its platform operator from SUPERADMIN_* (the password is never logged). */
@Injectable()
export class SuperadminSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersService,
    private readonly env: IdentityEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.users.ensureSuperadmin({
      username: this.env.SUPERADMIN_USERNAME,
      password: this.env.SUPERADMIN_PASSWORD,
      email: this.env.SUPERADMIN_EMAIL,
    });
  }
}
