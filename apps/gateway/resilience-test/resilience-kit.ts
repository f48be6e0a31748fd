import path from 'node:path';
import { type ProcessHandle, stackLauncher } from '@quotebook/testing';
import { api, type ApiResponse } from '../api-test/http';

// response bodies are whatever JSON the API answers; each test asserts the fields it reads
/* eslint-disable @typescript-eslint/no-explicit-any */

/** One HTTP call with how long it took; a call that got no HTTP answer at all has status 0 and the error. */
export interface TimedResponse<T = any> extends ApiResponse<T> {
  startedAt: number;
  elapsedMs: number;
  /** the fetch error when no HTTP answer came (connection refused or reset, or the client's own limit) */
  failure?: string;
}

/**
 * `api()` timed, never throwing: a call still without an answer after `limitMs` is abandoned and
 * reported with status 0, so a stuck request shows in the outcomes instead of hanging the test.
 */
export async function timedApi<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; base: string; limitMs?: number },
): Promise<TimedResponse<T>> {
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const startedAt = Date.now();
  try {
    const response = await api<T>(method, path, { ...options, signal: AbortSignal.timeout(options.limitMs ?? 60_000) });
    return { ...response, startedAt, elapsedMs: Date.now() - startedAt };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: null as T, startedAt, elapsedMs: Date.now() - startedAt, failure: String(error) };
  }
}

/** The gateway's error body: the status, its reason phrase, the stable reason and a message, nothing else. */
export function expectErrorBody(response: ApiResponse, statusCode: number, reason: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: statusCode,
    body: { statusCode, error: expect.any(String), reason, message: expect.any(String) },
  });
}

/** A 5xx that says why in the project's words: no 500, and no stack trace or driver text in the message. */
export function expectExplained5xx(response: TimedResponse): void {
  expect(response.failure).toBeUndefined();
  expect([502, 503, 504]).toContain(response.status);
  expect(response.body).toEqual({ statusCode: response.status, error: expect.any(String), reason: expect.any(String), message: expect.any(String) });
  expect(response.body.message).not.toMatch(/\n\s+at |Error:|ECONN|QueryFailed/);
}

/** The names of a stack's processes that are no longer running (exited or killed). */
export function deadProcesses(processes: Record<string, ProcessHandle>): string[] {
  return Object.entries(processes)
    .filter(([, handle]) => handle.child.exitCode !== null || handle.child.signalCode !== null)
    .map(([name]) => name);
}

/**
 * Clients calling the stack in a loop, one call after the other each, until stop(): every answer is
 * kept with when it started and how long it took, to be judged afterwards.
 */
export interface LoadRun<T> {
  outcomes: T[];
  /** Stops the clients after their current call and resolves with every outcome. */
  stop(): Promise<T[]>;
}

export function runLoad<T>(clients: number, call: (client: number, sequence: number) => Promise<T>, pauseMs = 20): LoadRun<T> {
  const outcomes: T[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let sequence = 0; running; sequence += 1) {
      outcomes.push(await call(client, sequence));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One more replica of a built service beside a stack's own: the same environment, so the same subjects
 * (it joins the service's queue group), database and Redis; its log is `<name>-<tag>.log` in the stack's.
 */
export function startReplica(started: { env: Record<string, string>; logDir: string }, name: string, tag: string): Promise<ProcessHandle> {
  return stackLauncher.startProcess(name, started.env, { logFile: path.join(started.logDir, `${name}-${tag}.log`) });
}

/**
 * Holds a process where it is (SIGSTOP): its connections stay open, so the bus still hands it requests,
 * which wait unread. A test uses it to be sure requests are in flight there when it breaks it.
 * `thaw` lets it run on (SIGCONT); a signal sent meanwhile is handled then.
 */
export function freeze(handle: ProcessHandle): void {
  handle.child.kill('SIGSTOP');
}

export function thaw(handle: ProcessHandle): void {
  handle.child.kill('SIGCONT');
}

/** How a process ended: its exit code, or the signal that ended it. */
export function exitOf(handle: ProcessHandle): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
