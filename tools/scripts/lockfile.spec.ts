import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `npm ci` refuses a lock file that lacks an optional dependency (see complete-lockfile.mjs). */
describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };

  it('has an entry for every optional dependency, so npm ci accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([location, entry]) =>
      Object.keys(entry.optionalDependencies ?? {}).filter(
        (name) => !lock.packages[`${location ? `${location}/` : ''}node_modules/${name}`] && !lock.packages[`node_modules/${name}`],
      ),
    );
    expect(missing).toEqual([]);
  });
});
