/**
 * Messages handed to the bus together. The NATS client writes what was published since its last write
 * once the current task ends (a microtask): requests and replies published by separate tasks (one per
 * HTTP request read, one per database answer) each cost a write to the socket, and on loopback that
 * write also does the NATS server's receiving (a fifth of the gateway's and the catalogue's CPU per
 * small list at 8 clients). Deferred to the end of the event loop's current turn (setImmediate), the
 * messages published during that turn go out in one write: no later than the turn in which they were
 * published, and in the order they were deferred.
 */
export class CoalescedWrites {
  private queued: Array<() => void> = [];
  private scheduled = false;

  /**
   * Runs `write` (a publish) at the end of the event loop's current turn. `write` answers for its own
   * failures: a write that throws all the same does not keep the others from going out.
   */
  defer(write: () => void): void {
    this.queued.push(write);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  /** Resolves once every write deferred so far has been made. */
  settled(): Promise<void> {
    if (!this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.defer(resolve));
  }

  private readonly flush = (): void => {
    const writes = this.queued;
    this.queued = [];
    this.scheduled = false;
    for (const write of writes) {
      try {
        write();
      } catch {
        // the write's own catch is where a failure is answered; nothing else can be done with it here
      }
    }
  };
}
