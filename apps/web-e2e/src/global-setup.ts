import { startIsolatedStack } from '@quotebook/testing';

/** Starts the stack once for all journeys; the returned function stops it afterwards. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = await startIsolatedStack('e2e');
  process.env['E2E_BASE_URL'] = started.stack.baseUrl;
  process.env['E2E_DATABASE_URL'] = started.database.url;
  // the processes' logs: without SMTP, identity logs the password-reset links there
  process.env['E2E_LOG_DIR'] = started.logDir;
  return () => started.stop();
}
