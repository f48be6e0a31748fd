import { startIsolatedStack } from '@quotebook/testing';

/**
 * One isolated stack shared by the test files of a layer; its address, logs and secrets are handed
 * over in process.env, and global-teardown stops it. `overrides` adjusts the stack's environment.
 */
export async function startSharedStack(label: string, overrides: Record<string, string> = {}) {
  const started = await startIsolatedStack(label, overrides);
  (globalThis as { __apiStack?: typeof started }).__apiStack = started;
  process.env['API_BASE_URL'] = started.stack.baseUrl;
  process.env['API_DATABASE_URL'] = started.database.url;
  process.env['API_LOG_DIR'] = started.logDir;
  process.env['API_UPLOAD_DIR'] = started.env.UPLOAD_DIR;
  // tests that forge tokens sign them with the stack's own secret too
  process.env['API_JWT_SECRET'] = started.env.JWT_SECRET;
  process.env['API_REDIS_KEY_PREFIX'] = started.env.REDIS_KEY_PREFIX;
  return started;
}

export default async function globalSetup(): Promise<void> {
  await startSharedStack('api');
}
