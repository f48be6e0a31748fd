/**
 * The soak's figures, without any I/O: latencies per call, the printed tables, and the memory
 * verdict with the bound each process is held to.
 */

/**
 * Latencies of one kind of call in buckets of 2 % width (from 0.01 ms): a soak runs for as long as it
 * is told, so it keeps counts per bucket rather than every timing (the bench's exact percentiles keep
 * every timing of its short batches). A percentile is the upper edge of the bucket holding the
 * nearest-rank value, capped at the largest timing seen: at most 2 % above the exact figure, never below.
 */
class LatencyHistogram {
  static FLOOR_MS = 0.01;
  static GROWTH = 1.02;

  constructor() {
    this.buckets = new Map();
    this.count = 0;
    this.max = 0;
  }

  static bucketOf(ms) {
    if (ms <= LatencyHistogram.FLOOR_MS) return 0;
    // the small epsilon keeps a value on a bucket's edge in that bucket despite rounding in the logarithms
    return Math.max(0, Math.ceil(Math.log(ms / LatencyHistogram.FLOOR_MS) / Math.log(LatencyHistogram.GROWTH) - 1e-9));
  }

  static upperEdge(bucket) {
    return LatencyHistogram.FLOOR_MS * LatencyHistogram.GROWTH ** bucket;
  }

  record(ms) {
    const bucket = LatencyHistogram.bucketOf(ms);
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }

  /** Adds another histogram's counts to this one (the total over every call). */
  merge(other) {
    for (const [bucket, count] of other.buckets) this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + count);
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
    return this;
  }

  /** The p-th percentile (0 < p ≤ 100) by nearest rank; null without timings. */
  percentile(p) {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (const bucket of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(bucket);
      if (seen >= rank) return Math.min(LatencyHistogram.upperEdge(bucket), this.max);
    }
    return this.max;
  }
}

/** Counts, failures and latencies per call; the first failures are kept whole for the report. */
class CallRecorder {
  constructor(calls, keptFailures = 10) {
    this.calls = calls;
    this.keptFailures = keptFailures;
    this.byKey = new Map(calls.map((call) => [call.key, { histogram: new LatencyHistogram(), failures: 0 }]));
    this.firstFailures = [];
    this.stopped = false;
  }

  /** Calls answered from now on are not counted (the run was interrupted). */
  stop() {
    this.stopped = true;
  }

  /** One call: `failure` is null when it answered what it had to, else what it answered instead. */
  record(key, ms, failure = null) {
    const entry = this.byKey.get(key);
    if (!entry) throw new Error(`unknown call ${key}`);
    if (this.stopped) return;
    entry.histogram.record(ms);
    if (failure === null) return;
    entry.failures += 1;
    if (this.firstFailures.length < this.keptFailures) this.firstFailures.push({ key, ...failure });
  }

  get total() {
    let count = 0;
    let failures = 0;
    for (const entry of this.byKey.values()) {
      count += entry.histogram.count;
      failures += entry.failures;
    }
    return { count, failures };
  }
}

const fixed = (value, digits = 1) => (value === null || value === undefined ? '–' : value.toFixed(digits));
const pad = (text, width) => String(text).padStart(width);

/** The calls' table: count, failures, p50 and p95 per call, and the total; calls never made are left out. */
function callTable(recorder, seconds) {
  const label = (text) => text.padEnd(32);
  const lines = [`${label('call')}${pad('count', 9)}${pad('failed', 8)}${pad('p50 ms', 10)}${pad('p95 ms', 10)}${pad('max ms', 10)}`];
  const all = new LatencyHistogram();
  for (const call of recorder.calls) {
    const { histogram, failures } = recorder.byKey.get(call.key);
    if (histogram.count === 0) continue;
    all.merge(histogram);
    lines.push(`${label(call.label)}${pad(histogram.count, 9)}${pad(failures, 8)}${pad(fixed(histogram.percentile(50)), 10)}${pad(fixed(histogram.percentile(95)), 10)}${pad(fixed(histogram.max), 10)}`);
  }
  const { failures } = recorder.total;
  lines.push(`${label('total')}${pad(all.count, 9)}${pad(failures, 8)}${pad(fixed(all.percentile(50)), 10)}${pad(fixed(all.percentile(95)), 10)}${pad(fixed(all.max), 10)}`);
  lines.push(`${all.count} calls in ${seconds.toFixed(0)} s (${(all.count / Math.max(seconds, 1e-9)).toFixed(1)} per second), ${failures} failed`);
  return lines;
}

/** The first failures, each with what it answered (status and the start of the body). */
function failureLines(recorder) {
  const labels = new Map(recorder.calls.map((call) => [call.key, call.label]));
  return recorder.firstFailures.map(
    (failure, index) => `  ${index + 1}. ${labels.get(failure.key)}: ${failure.method} ${failure.route} → ${failure.status ?? 'no answer'} ${String(failure.body ?? '').slice(0, 300)}`,
  );
}

const MB = 1024 * 1024;

/**
 * The bounded caches each process holds, at their limits: what they may legitimately add to a live
 * heap, however long the soak. Entry sizes are measured on Node 20 (10,000 entries of the real key
 * shapes, heap after a full collection, rounded up): a verified token ~0.9 KB (the JWT and its frozen
 * claims), a session found valid ~0.35 KB (its JSON key and expiry), a quote's customer ~1.6 KB (two
 * ids in the key, one in the value), an agency served ~0.55 KB. The limits are those of
 * apps/gateway/src/auth/jwt.strategy.ts, libs/server-core/src/session-checks.ts and the documents
 * service's generation/documents.service.ts and starter-kit/starter-kit.service.ts: one that changes
 * there changes here.
 */
const SESSIONS_FOUND_VALID = { what: 'sessions found valid (RecentValidSessions)', entries: 10_000, entryBytes: 400 };
const PROCESS_CACHES = {
  gateway: [{ what: 'verified tokens (VerifiedTokens)', entries: 10_000, entryBytes: 1_000 }, SESSIONS_FOUND_VALID],
  identity: [SESSIONS_FOUND_VALID],
  tenancy: [SESSIONS_FOUND_VALID],
  catalogue: [SESSIONS_FOUND_VALID],
  quoting: [SESSIONS_FOUND_VALID],
  documents: [
    SESSIONS_FOUND_VALID,
    { what: "quotes' customers (DocumentsService)", entries: 10_000, entryBytes: 1_600 },
    { what: 'agencies given their starter set (StarterKitService)', entries: 10_000, entryBytes: 600 },
  ],
  'documents-worker': [],
};

/**
 * Beyond its caches, what a live heap may still gain once warmed up: code optimized for paths first
 * taken late in the run, and the pools' and clients' buffers at their busiest.
 */
const HEAP_SLACK = 16 * MB;
/**
 * What the resident size may gain beyond the live heap: V8's young generation, which grows under
 * allocation up to three semi-spaces (two, and as much again for new large objects) and stays
 * resident, and the C allocator's arenas (buffers of sockets, pg, NATS and zlib).
 */
const V8_DEFAULT_SEMI_SPACE_MB = 16;
const ALLOCATOR_SLACK = 32 * MB;
/**
 * Memory outside the main thread's heap that a process holds only while it works, which a reading may
 * catch: identity's argon2id hashes, 64 MiB each (the library's default memory cost), on libuv's 4
 * threads at once at most; the worker's Word conversion threads (as many as its concurrency, 2), each
 * an isolate of its own with its young generation (48 MB) and its code and heap (16 MB).
 */
const WORKING_MEMORY = { identity: 4 * 64 * MB, 'documents-worker': 2 * 64 * MB };
/** Processes measured but not judged: the Gotenberg stand-in and its Chromium are not Quotebook's code. */
const NOT_JUDGED = { 'gotenberg-dev': 'a stand-in for Gotenberg, not Quotebook', chromium: "gotenberg-dev's browser, not Quotebook" };

/** The size in MB that a V8 flag (`--max-semi-space-size`) gives in `execArgv`, or undefined without it. */
function sizeFlagMb(execArgv, name) {
  const prefix = `--${name}=`;
  const arg = execArgv.find((candidate) => candidate.startsWith(prefix) && /^\d+$/.test(candidate.slice(prefix.length)));
  return arg === undefined ? undefined : Number(arg.slice(prefix.length));
}

/** The young generation's largest size for a process started with `execArgv` (its --max-semi-space-size, in MB). */
function youngGenerationBytes(execArgv = []) {
  return 3 * (sizeFlagMb(execArgv, 'max-semi-space-size') ?? V8_DEFAULT_SEMI_SPACE_MB) * MB;
}

/**
 * The size below which V8 does not collect the old generation of a process started with `execArgv`
 * (its --initial-old-space-size, in MB; none without it): the garbage it may hold until then.
 */
function oldGenerationFloorBytes(execArgv = []) {
  return (sizeFlagMb(execArgv, 'initial-old-space-size') ?? 0) * MB;
}

/**
 * The growth allowed to a process after warm-up: { heap, rss } in bytes. The resident size may also
 * hold the old generation's garbage up to its floor, beyond the live heap at warm-up (`warmHeap`, the
 * whole floor when unknown).
 */
function memoryBound(name, execArgv, warmHeap = null) {
  const caches = PROCESS_CACHES[name] ?? [];
  const cacheBytes = caches.reduce((sum, cache) => sum + cache.entries * cache.entryBytes, 0);
  const heap = cacheBytes + HEAP_SLACK;
  const oldGarbage = Math.max(0, oldGenerationFloorBytes(execArgv) - (warmHeap ?? 0));
  return { heap, rss: heap + youngGenerationBytes(execArgv) + oldGarbage + ALLOCATOR_SLACK + (WORKING_MEMORY[name] ?? 0) };
}

/**
 * Each process's judgement. A process's figures: `start` (before the load), `warm` (after the warm-up)
 * and `end` readings, each { rss, peak, heap } in bytes (heap null when the process could not be read);
 * `exitedWith` set when it ended during the soak. Growth is judged from the warm-up to the end: before
 * it, the heap and the young generation grow to their working size, which is no leak.
 */
function judgeMemory(processes) {
  return processes.map((process) => {
    const bound = memoryBound(process.name, process.execArgv, process.warm?.heap ?? null);
    const notJudged = NOT_JUDGED[process.name];
    const problems = [];
    if (process.exitedWith !== undefined) problems.push(`exited during the soak (${process.exitedWith})`);
    const { warm, end } = process;
    const rssGrowth = warm && end ? end.rss - warm.rss : null;
    const heapGrowth = warm?.heap != null && end?.heap != null ? end.heap - warm.heap : null;
    if (!notJudged && process.exitedWith === undefined) {
      if (rssGrowth !== null && rssGrowth > bound.rss) problems.push(`RSS grew ${(rssGrowth / MB).toFixed(1)} MB after warm-up, over its ${(bound.rss / MB).toFixed(0)} MB bound`);
      if (heapGrowth !== null && heapGrowth > bound.heap) problems.push(`heap grew ${(heapGrowth / MB).toFixed(1)} MB after warm-up, over its ${(bound.heap / MB).toFixed(0)} MB bound`);
    }
    return { ...process, bound, rssGrowth, heapGrowth, notJudged, problems };
  });
}

const mb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / MB).toFixed(1));
const signed = (bytes) => (bytes === null || bytes === undefined ? '–' : `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(1)}`);

/**
 * The memory table (MB): the resident size and the live heap before the load, after its warm-up and at
 * its end, their growth over the whole run and since the warm-up (the one judged), and the bounds.
 */
function memoryTable(judged) {
  const name = (text) => text.padEnd(18);
  const difference = (from, to) => (from == null || to == null ? null : to - from);
  const lines = [
    `${name('')}  ${'resident size'.padEnd(46)}  live heap (after a full collection)`,
    `${name('process (MB)')}${pad('start', 7)}${pad('warm', 8)}${pad('end', 8)}${pad('peak', 8)}${pad('growth', 8)}${pad('warm→end', 9)}` +
      `${pad('start', 7)}${pad('warm', 8)}${pad('end', 8)}${pad('growth', 8)}${pad('warm→end', 9)}${pad('bound heap/rss', 16)}  verdict`,
  ];
  for (const process of judged) {
    const verdict = process.problems.length ? process.problems.join('; ') : process.notJudged ? `not judged: ${process.notJudged}` : 'ok';
    const { start, warm, end } = process;
    lines.push(
      `${name(process.name)}${pad(mb(start?.rss), 7)}${pad(mb(warm?.rss), 8)}${pad(mb(end?.rss), 8)}${pad(mb(end?.peak), 8)}` +
        `${pad(signed(difference(start?.rss, end?.rss)), 8)}${pad(signed(process.rssGrowth), 9)}` +
        `${pad(mb(start?.heap), 7)}${pad(mb(warm?.heap), 8)}${pad(mb(end?.heap), 8)}${pad(signed(difference(start?.heap, end?.heap)), 8)}${pad(signed(process.heapGrowth), 9)}` +
        `${pad(process.notJudged ? '–' : `${(process.bound.heap / MB).toFixed(0)}/${(process.bound.rss / MB).toFixed(0)}`, 16)}  ${verdict}`,
    );
  }
  return lines;
}

/**
 * The closing lines: the requests' verdict and the memory's; `passed` is false when either fails. An
 * interrupted run judges no memory: its processes were told to stop.
 */
function verdict(recorder, judged, { interrupted = false } = {}) {
  const { count, failures } = recorder.total;
  const flagged = judged.filter((process) => process.problems.length > 0);
  const unread = judged.filter((process) => !process.notJudged && process.heapGrowth === null && process.exitedWith === undefined);
  const memory = interrupted
    ? 'memory: not judged (interrupted)'
    : flagged.length === 0
      ? `memory: every process within its bound after warm-up${unread.length ? ` (heap not read for ${unread.map((process) => process.name).join(', ')}: RSS only)` : ''}`
      : `memory: ${flagged.map((process) => `${process.name} ${process.problems.join('; ')}`).join('; ')}`;
  const requests = failures === 0 ? `requests: ${count}, 0 failed (goal met)` : `requests: ${count}, ${failures} FAILED (goal: 0)`;
  return { lines: [requests, memory], passed: !interrupted && failures === 0 && flagged.length === 0 };
}

module.exports = {
  ALLOCATOR_SLACK,
  CallRecorder,
  HEAP_SLACK,
  LatencyHistogram,
  callTable,
  failureLines,
  judgeMemory,
  memoryBound,
  oldGenerationFloorBytes,
  memoryTable,
  verdict,
  youngGenerationBytes,
};
