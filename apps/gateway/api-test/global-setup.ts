import { startIsolatedStack } from '@quotebook/testing';

/** One shared stack for the API test files; its address and logs are handed over in process.env. */
export default async function globalSetup(): Promise<void> {
  const started = await startIsolatedStack('api');
  (globalThis as { __apiStack?: typeof started }).__apiStack = started;
  process.env['API_BASE_URL'] = started.stack.baseUrl;
  process.env['API_DATABASE_URL'] = started.database.url;
  process.env['API_LOG_DIR'] = started.logDir;
  process.env['API_UPLOAD_DIR'] = started.env.UPLOAD_DIR;
  // tests that forge tokens sign them with the stack's own secret too
  process.env['API_JWT_SECRET'] = started.env.JWT_SECRET;
  process.env['API_REDIS_KEY_PREFIX'] = started.env.REDIS_KEY_PREFIX;
}
