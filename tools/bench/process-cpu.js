// The CPU time the bench's processes spend, read from Linux's /proc (CommonJS, so that the unit layer
// tests it: process-cpu.spec.ts).
const { execFileSync } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux unless told otherwise), asked once when first needed. */
let ticksPerSecond;
function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * The CPU time (user and system, µs) each process of `pids` has used so far, read from /proc; null
 * where /proc is not (not Linux) or a process is gone. Read before and after a run, it says what each
 * process spent on that run's calls, whatever the other processes on the machine did. Each thread's
 * run time in nanoseconds (schedstat), summed over the process's threads, where the kernel keeps it;
 * else the process's times in clock ticks (10 ms each: too coarse for a batch of small calls).
 */
function cpuMicros(pids) {
  return pids.map((pid) => {
    try {
      return threadRunMicros(pid);
    } catch {
      // no schedstat: the clock ticks
    }
    try {
      // the fields after the command, which is in parentheses and may hold any character: utime and stime are the 12th and 13th
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond();
    } catch {
      return null;
    }
  });
}

/**
 * The run time of the process's running threads (the first field of each
 * /proc/<pid>/task/<tid>/schedstat, in ns), in µs. What a thread ran is no longer counted once it has
 * ended: the processes the bench reads keep theirs (V8's and libuv's workers) for their whole life.
 */
function threadRunMicros(pid) {
  let nanos = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let fields;
    try {
      fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'ESRCH') continue;
      throw error;
    }
    const ran = Number(fields[0]);
    if (!Number.isFinite(ran)) throw new Error(`unreadable schedstat of thread ${tid}`);
    nanos += ran;
  }
  return nanos / 1e3;
}

module.exports = { cpuMicros };
