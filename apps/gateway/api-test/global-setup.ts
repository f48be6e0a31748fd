import path from 'node:path';
import { startIsolatedStack } from '@quotebook/testing';
import { MAIL_DIR_VARIABLE, startSmtpSink } from './smtp-sink';

/**
 * The public quote page's throttles per client address far above what the layer sends: every test
 * file speaks from 127.0.0.1 at once. The per-link limits stay as deployed (a test spends them).
 */
export const PUBLIC_IP_THROTTLES_OUT_OF_REACH = { PUBLIC_QUOTE_READS_PER_IP: '1000000', PUBLIC_QUOTE_ANSWERS_PER_IP: '1000000' };

/**
 * One isolated stack shared by the test files of a layer; its address, logs and secrets are handed
 * over in process.env, and global-teardown stops it. `overrides` adjusts the stack's environment.
 */
export async function startSharedStack(
  label: string,
  overrides: Record<string, string> = {},
  processEnv: Record<string, Record<string, string>> = {},
) {
  const started = await startIsolatedStack(label, overrides, { processEnv });
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

/**
 * The quotes the layer's stack sends go to a real SMTP server of the layer's own, whose mails the tests
 * read. Only quoting mails there: identity keeps writing its reset links to its log, where the sign-in
 * tests read them.
 */
export default async function globalSetup(): Promise<void> {
  const mailDir = path.join(process.cwd(), 'tmp', `api-mail-${process.pid}-${Date.now()}`);
  const sink = await startSmtpSink(mailDir);
  (globalThis as { __apiSmtpSink?: typeof sink }).__apiSmtpSink = sink;
  process.env[MAIL_DIR_VARIABLE] = mailDir;
  try {
    await startSharedStack('api', PUBLIC_IP_THROTTLES_OUT_OF_REACH, { quoting: { SMTP_URL: sink.url } });
  } catch (error) {
    await sink.stop();
    throw error;
  }
}
