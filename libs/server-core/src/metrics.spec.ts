import { readFileSync } from 'node:fs';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/** How many times this process has given up the CPU of its own accord (each wake-up from idle is one). */
const voluntarySwitches = () => Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);

describe(collectProcessMetrics.name, () => {
  it("samples the event loop's delay without waking an idle process a hundred times a second", async () => {
    collectProcessMetrics('metrics-test');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = voluntarySwitches();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const perSecond = (voluntarySwitches() - before) / 2;
    // prom-client's default sampling (every 10 ms) gives about 100; every 100 ms, about 10
    expect(perSecond).toBeLessThan(40);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds\{service="metrics-test"\} \d/);
  });
});
