// Each integration test file gets its own NATS subject prefix and Redis key prefix, so files running in
// parallel (and a developer's running stack) never answer each other's requests. Runs before any
// module of the test is loaded, which is when @quotebook/contracts reads the prefix.
const { randomBytes } = require('node:crypto');

const id = randomBytes(4).toString('hex');
process.env.NATS_SUBJECT_PREFIX = `it${id}`;
process.env.REDIS_KEY_PREFIX = `it${id}:`;
process.env.NODE_ENV = 'test';
