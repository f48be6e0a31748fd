import { CoalescedWrites } from './bus-writes';

const turnEnded = () => new Promise((resolve) => setImmediate(resolve));

describe(CoalescedWrites.name, () => {
  it('runs the writes deferred by separate tasks of one turn together at its end, in their order', async () => {
    const writes = new CoalescedWrites();
    const done: string[] = [];
    await new Promise<void>((resolve) => {
      // two tasks of the same turn (two I/O callbacks would be alike), each ending with its microtasks
      setImmediate(() => writes.defer(() => done.push('a')));
      setImmediate(() => {
        writes.defer(() => done.push('b'));
        void Promise.resolve().then(() => {
          expect(done).toEqual([]);
          resolve();
        });
      });
    });
    await turnEnded();
    expect(done).toEqual(['a', 'b']);
  });

  it('goes on with the other writes when one throws, and takes new ones afterwards', async () => {
    const writes = new CoalescedWrites();
    const done: string[] = [];
    writes.defer(() => {
      throw new Error('closed');
    });
    writes.defer(() => done.push('after the failure'));
    await turnEnded();
    writes.defer(() => done.push('next turn'));
    await turnEnded();
    expect(done).toEqual(['after the failure', 'next turn']);
  });

  it('says when the writes deferred so far have been made', async () => {
    const writes = new CoalescedWrites();
    await expect(writes.settled()).resolves.toBeUndefined();
    const done: string[] = [];
    writes.defer(() => done.push('reply'));
    await writes.settled();
    expect(done).toEqual(['reply']);
  });
});
