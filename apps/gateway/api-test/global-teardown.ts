import type { startIsolatedStack } from '@quotebook/testing';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __apiStack?: Awaited<ReturnType<typeof startIsolatedStack>> }).__apiStack;
  await started?.stop();
}
