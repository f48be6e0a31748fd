// Container health check of a NATS service: asks its health subject the way the gateway does and
// exits 0 only when the service answers with its database up.
const { connect, JSONCodec } = require('nats');

const app = process.env.APP;
const prefix = process.env.NATS_SUBJECT_PREFIX || 'qb';
const subject = `${prefix}.${app}.health`;
const codec = JSONCodec();

(async () => {
  const connection = await connect({ servers: [process.env.NATS_URL || 'nats://127.0.0.1:4222'], timeout: 2000 });
  try {
    const reply = await connection.request(subject, codec.encode({ pattern: subject, data: {}, id: 'healthcheck' }), { timeout: 2000 });
    const { response } = codec.decode(reply.data);
    process.exit(response && response.status === 'up' && response.database === 'up' ? 0 : 1);
  } finally {
    await connection.close();
  }
})().catch(() => process.exit(1));
