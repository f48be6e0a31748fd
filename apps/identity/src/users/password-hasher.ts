import { Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { IdentityEnv } from '../env';

/** argon2id hashing at the cost IdentityEnv sets; also answers unknown usernames as slowly as known ones. */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: string;
  private readonly options: argon2.Options & { raw?: false };

  constructor(env: IdentityEnv) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: env.PASSWORD_HASH_MEMORY_KIB,
      timeCost: env.PASSWORD_HASH_ITERATIONS,
      parallelism: env.PASSWORD_HASH_PARALLELISM,
    };
  }

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash(randomBytes(16).toString('hex'));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // a malformed stored hash never matches
      return false;
    }
  }

  /**
   * Whether a stored hash was made at another cost than the one set now (an operator changed it, or
   * argon2's default moved): re-hashed at the next sign-in, a user's hash costs what an unknown
   * username's dummy verification costs, so the two cannot be told apart by time. A malformed hash is
   * not re-hashed (it never matches).
   */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.options);
    } catch {
      return false;
    }
  }

  /** Spends the time of one verification, so a response time does not tell whether a username exists. */
  async verifyAgainstDummy(password: string): Promise<false> {
    await this.verify(this.dummyHash, password);
    return false;
  }
}
