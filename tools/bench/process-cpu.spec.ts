import { spawnSync } from 'node:child_process';

const { cpuMicros } = require('./process-cpu.js') as { cpuMicros(pids: number[]): (number | null)[] };

/** Keeps this thread busy until the process has used `micros` more CPU time (all its threads). */
function spin(micros: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= micros) return;
  }
}

describe('the CPU time of the bench processes', () => {
  it('reads a few milliseconds of work as what they are, not as whole 10 ms clock ticks', () => {
    // a batch of small calls costs a process a few milliseconds: ticks would read 0 or 10 ms
    const readings: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [before] = cpuMicros([process.pid]);
      spin(3_000);
      const [after] = cpuMicros([process.pid]);
      readings.push((after as number) - (before as number));
    }
    // other threads of this process (the collector, the compiler) may add a little
    const close = readings.filter((micros) => micros >= 2_500 && micros < 6_000);
    expect(close.length).toBeGreaterThanOrEqual(3);
  });

  it('counts every running thread of a process', () => {
    // a child whose two workers keep busy (and stay) while its main thread waits: whatever the machine's
    // load gives them, its reading must hold what Node counts for the whole process, not its main thread's share
    const script = `
      const { Worker } = require('node:worker_threads');
      const busy = 'const s = Date.now(); while (Date.now() - s < 300); require("node:worker_threads").parentPort.postMessage("done"); setInterval(() => {}, 1000);';
      Promise.all([0, 1].map(() => new Promise((resolve) => new Worker(busy, { eval: true }).once('message', resolve)))).then(() => {
        const read = require(${JSON.stringify(require.resolve('./process-cpu.js'))}).cpuMicros([process.pid])[0];
        const { user, system } = process.cpuUsage();
        const main = Number(require('node:fs').readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0]) / 1e3;
        console.log(JSON.stringify({ read, whole: user + system, main }));
        process.exit(0);
      });`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    const { read, whole, main } = JSON.parse(child.stdout.trim()) as { read: number; whole: number; main: number };
    // the workers ran besides the main thread: a reading of the main thread alone would miss them
    expect(whole - main).toBeGreaterThan(0.25 * whole);
    expect(read).toBeGreaterThanOrEqual(0.9 * whole);
    expect(read).toBeLessThanOrEqual(1.1 * whole + 20_000);
  });

  it('answers null for a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    expect(cpuMicros([Number(gone.stdout.trim())])).toEqual([null]);
  });
});
