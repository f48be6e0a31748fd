import { eventually, startIsolatedStack } from '@quotebook/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, superadminToken } from './http';
import { createAgency, type Agency } from './catalogue-fixtures';

jest.setTimeout(120_000);

/** This file runs its own supervised stack (as `npm start` does), because it kills a service. */
describe('a supervised stack restarting a service that exits', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let agency: Agency;
  const lines: string[] = [];

  const catalogueAnswers = async () => {
    expect((await api('GET', `${agency.base}/products`, { token: agency.userToken, base })).status).toBe(200);
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
  };

  beforeAll(async () => {
    started = await startIsolatedStack('rst', {}, { supervise: { log: (line) => lines.push(line) } });
    base = started.stack.baseUrl;
    agency = await createAgency(await superadminToken(base), {}, base);
  });

  afterAll(async () => {
    await started?.stop();
  });

  it('logs the catalogue killed with SIGKILL and brings it back within seconds', async () => {
    await catalogueAnswers();
    const killed = started.stack.processes['catalogue'].child;

    process.kill(killed.pid as number, 'SIGKILL');

    await eventually(async () => expect(lines).toContainEqual(expect.stringMatching(/^catalogue exited \(signal SIGKILL\); restarting in 1 s$/)));
    await eventually(catalogueAnswers, 20_000, 250);
    expect(started.stack.processes['catalogue'].child.pid).not.toBe(killed.pid);
    expect(lines).toContain('catalogue restarted');
    expect(readFileSync(path.join(started.logDir, 'stack.log'), 'utf8')).toMatch(/catalogue exited \(signal SIGKILL\)/);
  });

  it('waits longer each time a service exits again soon after a restart', async () => {
    await eventually(catalogueAnswers, 20_000, 250);
    process.kill(started.stack.processes['catalogue'].child.pid as number, 'SIGKILL');

    await eventually(async () => expect(lines).toContainEqual(expect.stringMatching(/^catalogue exited \(signal SIGKILL\); restarting in 2 s$/)));
    await eventually(catalogueAnswers, 20_000, 250);
  });

  it('does not restart a service stopped on purpose; restart() starts exactly one again', async () => {
    await eventually(catalogueAnswers, 20_000, 250);
    const linesBefore = lines.length;

    await started.stack.processes['catalogue'].stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(lines.slice(linesBefore)).toEqual([]);
    expect((await api('GET', '/api/health', { base })).status).toBe(503);

    await started.stack.restart('catalogue');
    await eventually(catalogueAnswers, 20_000, 250);
    expect(lines.slice(linesBefore)).toEqual([]);
  });
});
