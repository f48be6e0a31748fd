/**
 * Loaded into every process of the soak's stack (NODE_OPTIONS=--require, set by soak.mjs only), so that
 * the soak can read each process's V8 heap from outside: what /proc shows is the resident size alone.
 * When the number in <SOAK_MEMORY_DIR>/collect rises, the process collects its garbage in full and
 * writes its figures to <SOAK_MEMORY_DIR>/<pid>.json, so that the heap is what the process still holds
 * rather than wherever its last collection happened to leave it. The soak asks through a file, not a
 * signal: a process's own shutdown hooks may take any signal as a reason to stop. The process's code
 * is untouched; worker threads are left alone.
 */
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

const directory = process.env.SOAK_MEMORY_DIR;
/** How often the request file is looked at: a reading is wanted a few times a run, within seconds. */
const POLL_MS = 200;

if (isMainThread && directory) {
  // as bench-kit collects its own heap: the flag gives new contexts a gc() without a global in this one
  v8.setFlagsFromString('--expose-gc');
  const collectGarbage = vm.runInNewContext('gc');
  const file = path.join(directory, `${process.pid}.json`);
  let served = 0;
  const poll = setInterval(() => {
    let wanted;
    try {
      wanted = Number(readFileSync(path.join(directory, 'collect'), 'utf8'));
    } catch {
      return; // nothing asked yet
    }
    if (!(wanted > served)) return;
    served = wanted;
    try {
      collectGarbage();
      const usage = process.memoryUsage();
      const reading = { pid: process.pid, request: wanted, rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external };
      // written whole, then renamed: the soak never reads half a file
      writeFileSync(`${file}.tmp`, JSON.stringify(reading));
      renameSync(`${file}.tmp`, file);
    } catch {
      // a reading that cannot be written is missing from the soak's table; the process goes on
    }
  }, POLL_MS);
  // the probe never keeps a process alive that is stopping
  poll.unref();
}
