import type { startIsolatedStack } from '@quotebook/testing';
import type { startSmtpSink } from './smtp-sink';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __apiStack?: Awaited<ReturnType<typeof startIsolatedStack>> }).__apiStack;
  await started?.stop();
  await (globalThis as { __apiSmtpSink?: Awaited<ReturnType<typeof startSmtpSink>> }).__apiSmtpSink?.stop();
}
