/**
 * The argon2id cost identity hashes passwords with in test stacks: argon2's least (1 MiB, one pass, one
 * lane), well under a millisecond, where the default cost takes a quarter of a second of both cores
 * per sign-in, account or password change, and the test layers make thousands. Production refuses it
 * (IdentityEnv); a stack that runs as production (NODE_ENV=production) keeps the default cost.
 */
export const TEST_PASSWORD_HASHING: Readonly<Record<string, string>> = {
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_ITERATIONS: '1',
  PASSWORD_HASH_PARALLELISM: '1',
};
