interface Histogram {
  count: number;
  max: number;
  record(ms: number): void;
  merge(other: Histogram): Histogram;
  percentile(p: number): number | null;
}
interface Failure {
  method: string;
  route: string;
  status: number | null;
  body: string;
}
interface Recorder {
  record(key: string, ms: number, failure?: Failure | null): void;
  stop(): void;
  total: { count: number; failures: number };
  firstFailures: (Failure & { key: string })[];
}
interface Reading {
  rss: number;
  peak: number | null;
  heap: number | null;
}
interface ProcessFigures {
  name: string;
  execArgv?: string[];
  start?: Reading;
  warm?: Reading | null;
  end?: Reading;
  exitedWith?: string;
}
type Judged = ProcessFigures & { bound: { heap: number; rss: number }; rssGrowth: number | null; heapGrowth: number | null; problems: string[] };

const { CallRecorder, LatencyHistogram, callTable, failureLines, judgeMemory, memoryBound, memoryTable, oldGenerationFloorBytes, verdict, youngGenerationBytes, HEAP_SLACK, ALLOCATOR_SLACK } =
  require('./soak-report.js') as {
    CallRecorder: new (calls: { key: string; label: string; status: number }[], keptFailures?: number) => Recorder;
    LatencyHistogram: new () => Histogram;
    callTable(recorder: Recorder, seconds: number): string[];
    failureLines(recorder: Recorder): string[];
    judgeMemory(processes: ProcessFigures[]): Judged[];
    memoryBound(name: string, execArgv?: string[], warmHeap?: number | null): { heap: number; rss: number };
    oldGenerationFloorBytes(execArgv?: string[]): number;
    memoryTable(judged: Judged[]): string[];
    verdict(recorder: Recorder, judged: Judged[], options?: { interrupted?: boolean }): { lines: string[]; passed: boolean };
    youngGenerationBytes(execArgv?: string[]): number;
    HEAP_SLACK: number;
    ALLOCATOR_SLACK: number;
  };

const MB = 1024 * 1024;
const CALLS = [
  { key: 'signIn', label: 'sign in', status: 200 },
  { key: 'openQuote', label: 'open a quote', status: 200 },
  { key: 'pdf', label: 'document PDF', status: 200 },
];

/** The exact nearest-rank percentile of `values`. */
function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
}

const reading = (rssMb: number, heapMb: number | null): Reading => ({ rss: rssMb * MB, peak: rssMb * MB, heap: heapMb === null ? null : heapMb * MB });

describe('LatencyHistogram', () => {
  it('answers each percentile at most 2 % above the exact nearest-rank value, never below it', () => {
    const sut = new LatencyHistogram();
    // a long tail, as a soak's latencies have: most calls tens of ms, a few seconds
    const values = Array.from({ length: 5000 }, (_, index) => 0.3 + ((index * 7919) % 5000) ** 2 / 9000);
    values.forEach((value) => sut.record(value));

    for (const p of [1, 50, 90, 95, 99, 100]) {
      const exact = exactPercentile(values, p);
      const answered = sut.percentile(p)!;
      expect(answered).toBeGreaterThanOrEqual(exact);
      expect(answered).toBeLessThanOrEqual(exact * 1.02);
    }
    expect(sut.count).toBe(5000);
  });

  it('never answers more than the largest timing, and nothing without timings', () => {
    const sut = new LatencyHistogram();
    expect(sut.percentile(50)).toBeNull();

    sut.record(10.05);

    expect(sut.percentile(50)).toBe(10.05);
    expect(sut.max).toBe(10.05);
  });

  it('keeps a timing on a bucket edge in the bucket below it', () => {
    const sut = new LatencyHistogram();
    const edge = 0.01 * 1.02 ** 200;
    sut.record(edge);
    sut.record(edge * 10);

    expect(sut.percentile(50)).toBeCloseTo(edge, 9);
  });

  it('merges the counts of another histogram (the total over every call)', () => {
    const fast = new LatencyHistogram();
    const slow = new LatencyHistogram();
    [1, 2, 3].forEach((value) => fast.record(value));
    [100, 200].forEach((value) => slow.record(value));

    const sut = new LatencyHistogram().merge(fast).merge(slow);

    expect(sut.count).toBe(5);
    expect(sut.max).toBe(200);
    expect(sut.percentile(60)).toBeGreaterThanOrEqual(3);
    expect(sut.percentile(60)).toBeLessThan(3.1);
    expect(sut.percentile(80)).toBeGreaterThanOrEqual(100);
  });
});

describe('CallRecorder and the calls table', () => {
  it('counts calls and failures per call, and keeps the first failures whole', () => {
    const sut = new CallRecorder(CALLS, 2);
    sut.record('signIn', 80);
    sut.record('openQuote', 12);
    for (let n = 0; n < 3; n += 1) sut.record('openQuote', 15, { method: 'GET', route: `/api/q/${n}`, status: 503, body: 'no responders' });

    expect(sut.total).toEqual({ count: 5, failures: 3 });
    expect(sut.firstFailures.map((failure) => failure.route)).toEqual(['/api/q/0', '/api/q/1']);
    expect(failureLines(sut)).toEqual(['  1. open a quote: GET /api/q/0 → 503 no responders', '  2. open a quote: GET /api/q/1 → 503 no responders']);
    expect(() => sut.record('nothing', 1)).toThrow('unknown call nothing');
  });

  it('counts nothing answered after it was stopped (an interrupted run)', () => {
    const sut = new CallRecorder(CALLS);
    sut.record('openQuote', 12);
    sut.stop();
    sut.record('openQuote', 15, { method: 'GET', route: '/api/q', status: null, body: 'ECONNREFUSED' });

    expect(sut.total).toEqual({ count: 1, failures: 0 });
    expect(sut.firstFailures).toEqual([]);
  });

  it('prints a row per call made (count, failed, p50, p95, max), the total and the rate, leaving out calls never made', () => {
    const sut = new CallRecorder(CALLS);
    [10, 20, 30, 40].forEach((ms) => sut.record('openQuote', ms));
    sut.record('signIn', 100, { method: 'POST', route: '/api/auth/login', status: null, body: 'ECONNREFUSED' });

    const lines = callTable(sut, 10);

    expect(lines[0]).toMatch(/^call\s+count\s+failed\s+p50 ms\s+p95 ms\s+max ms$/);
    expect(lines.slice(1, -2).map((line) => line.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['sign in', '1', '1'],
      ['open a quote', '4', '0'],
    ]);
    expect(lines.some((line) => line.startsWith('document PDF'))).toBe(false);
    const openRow = lines.find((line) => line.startsWith('open a quote'))!.trim().split(/\s+/).slice(-3).map(Number);
    expect(openRow[0]).toBeGreaterThanOrEqual(20);
    expect(openRow[0]).toBeLessThanOrEqual(20.4);
    expect(openRow[1]).toBe(40);
    expect(openRow[2]).toBe(40);
    expect(lines.at(-2)).toMatch(/^total\s+5\s+1\s/);
    expect(lines.at(-1)).toBe('5 calls in 10 s (0.5 per second), 1 failed');
  });
});

describe('memory bounds and verdict', () => {
  it("bounds a process's growth by its caches at their limits, V8's young generation and the allocator", () => {
    expect(youngGenerationBytes([])).toBe(48 * MB);
    expect(youngGenerationBytes(['--enable-source-maps', '--max-semi-space-size=64', 'main.js'])).toBe(192 * MB);

    const gateway = memoryBound('gateway', []);
    // 10,000 verified tokens of 1 KB and 10,000 sessions found valid of 0.4 KB
    expect(gateway.heap).toBe(14_000_000 + HEAP_SLACK);
    expect(gateway.rss).toBe(gateway.heap + 48 * MB + ALLOCATOR_SLACK);
    expect(memoryBound('catalogue', ['--max-semi-space-size=64']).rss).toBe(memoryBound('catalogue').heap + 192 * MB + ALLOCATOR_SLACK);
    // identity's argon2id hashes and the worker's Word threads are allowed for in the resident size only
    expect(memoryBound('identity').rss - memoryBound('tenancy').rss).toBe(256 * MB);
    expect(memoryBound('identity').heap).toBe(memoryBound('tenancy').heap);
    expect(memoryBound('documents-worker').rss - memoryBound('documents-worker').heap).toBe(48 * MB + ALLOCATOR_SLACK + 128 * MB);
  });

  it("allows the resident size the old generation's garbage up to its floor, beyond the live heap at warm-up", () => {
    const flags = ['--enable-source-maps', '--initial-old-space-size=128', 'main.js'];
    expect(oldGenerationFloorBytes(flags)).toBe(128 * MB);
    expect(oldGenerationFloorBytes(['--enable-source-maps'])).toBe(0);
    const without = memoryBound('gateway', ['--enable-source-maps']);
    expect(memoryBound('gateway', flags, 60 * MB).rss - without.rss).toBe(68 * MB);
    // unknown live heap: the whole floor; a live heap above the floor: nothing more
    expect(memoryBound('gateway', flags).rss - without.rss).toBe(128 * MB);
    expect(memoryBound('gateway', flags, 200 * MB).rss).toBe(without.rss);
    expect(memoryBound('gateway', flags, 60 * MB).heap).toBe(without.heap);
  });

  it('judges the growth from the warm-up to the end, flags what passes the bound, and leaves the stand-ins unjudged', () => {
    const heapBound = memoryBound('quoting').heap / MB;
    const sut = judgeMemory([
      // grew a lot while warming up, then stayed: fine
      { name: 'gateway', start: reading(100, 40), warm: reading(170, 52), end: reading(172, 53) },
      { name: 'quoting', start: reading(100, 40), warm: reading(110, 41), end: reading(120, 41 + heapBound + 1) },
      { name: 'catalogue', start: reading(100, 40), warm: reading(110, 41), end: reading(110 + 192 + 32 + 50, 42) },
      { name: 'tenancy', start: reading(100, 40), warm: reading(100, 40), exitedWith: 'signal SIGKILL' },
      { name: 'chromium', start: reading(500, null), warm: reading(900, null), end: reading(2000, null) },
    ]);

    expect(sut.map((process) => [process.name, process.problems])).toEqual([
      ['gateway', []],
      ['quoting', [expect.stringMatching(/^heap grew \d+\.\d MB after warm-up, over its \d+ MB bound$/)]],
      ['catalogue', [expect.stringMatching(/^RSS grew 274\.0 MB after warm-up, over its \d+ MB bound$/)]],
      ['tenancy', ['exited during the soak (signal SIGKILL)']],
      ['chromium', []],
    ]);
    expect(sut[0].rssGrowth).toBe(2 * MB);
    expect(sut[0].heapGrowth).toBe(1 * MB);

    const table = memoryTable(sut);
    expect(table).toHaveLength(7);
    expect(table[2]).toMatch(/^gateway\s+100\.0\s+170\.0\s+172\.0\s+172\.0\s+\+72\.0\s+\+2\.0\s+40\.0\s+52\.0\s+53\.0\s+\+13\.0\s+\+1\.0\s+\d+\/\d+\s+ok$/);
    expect(table[5]).toMatch(/^tenancy\s+100\.0\s+100\.0\s+–\s+–\s+–\s+–\s+40\.0\s+40\.0\s+–/);
    expect(table[6]).toMatch(/not judged: gotenberg-dev's browser/);
  });

  it('passes only with no failed call and no process flagged, and says whose heap it could not read', () => {
    const recorder = new CallRecorder(CALLS);
    recorder.record('openQuote', 10);
    const calm = judgeMemory([
      { name: 'gateway', start: reading(100, 40), warm: reading(110, 41), end: reading(111, 41) },
      { name: 'documents-worker', start: reading(100, null), warm: reading(110, null), end: reading(111, null) },
    ]);

    expect(verdict(recorder, calm)).toEqual({
      lines: ['requests: 1, 0 failed (goal met)', 'memory: every process within its bound after warm-up (heap not read for documents-worker: RSS only)'],
      passed: true,
    });

    recorder.record('pdf', 900, { method: 'POST', route: '/x', status: 503, body: '' });
    expect(verdict(recorder, calm).passed).toBe(false);
    expect(verdict(recorder, calm).lines[0]).toBe('requests: 2, 1 FAILED (goal: 0)');

    expect(verdict(new CallRecorder(CALLS), calm, { interrupted: true })).toEqual({
      lines: ['requests: 0, 0 failed (goal met)', 'memory: not judged (interrupted)'],
      passed: false,
    });

    const grown = judgeMemory([{ name: 'gateway', start: reading(100, 40), warm: reading(110, 41), end: reading(111, 141) }]);
    const answer = verdict(new CallRecorder(CALLS), grown);
    expect(answer.passed).toBe(false);
    expect(answer.lines[1]).toMatch(/^memory: gateway heap grew 100\.0 MB after warm-up/);
  });
});
