#!/usr/bin/env node
// gotenberg-dev: a Gotenberg-compatible PDF server over Debian's Chromium (see server.js).
//   PORT           listening port (default 3100)
//   HOST           listening address (default 127.0.0.1)
//   CHROMIUM_PATH  the Chromium binary (default /usr/bin/chromium)
//   GOTENBERG_DEV_TIMEOUT_MS  a conversion's limit before 503 (default 30000)
//   GOTENBERG_DEV_RESTART_AFTER  conversions run in one browser context before it is replaced (default 100)
const { createGotenbergServer } = require('./server');

const port = Number(process.env.PORT ?? 3100);
const host = process.env.HOST ?? '127.0.0.1';
const gotenberg = createGotenbergServer({
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  timeoutMs: Number(process.env.GOTENBERG_DEV_TIMEOUT_MS ?? 30_000),
  restartAfter: Number(process.env.GOTENBERG_DEV_RESTART_AFTER ?? 100),
});

gotenberg.listen(port, host).then(
  (listening) => console.log(`gotenberg-dev listening on http://${host}:${listening}`),
  (error) => {
    console.error(`gotenberg-dev: cannot listen on ${host}:${port} (${error.message})`);
    process.exit(1);
  },
);

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  gotenberg.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
