/**
 * The gateway and the documents worker import '@quotebook/server-core' only: loading it must not load
 * TypeORM, pg or nodemailer (22 MB of a gateway's heap that every major collection marked again).
 * What needs them is '@quotebook/server-core/service'.
 */
const SERVICE_ONLY = ['typeorm', '@nestjs/typeorm', 'pg', 'nodemailer'];

/** Loads `entry` afresh with every SERVICE_ONLY module refusing to load; answers the refusal, if any. */
function refusalLoading(entry: string): string | undefined {
  let refusal: string | undefined;
  jest.isolateModules(() => {
    for (const name of SERVICE_ONLY) {
      jest.doMock(name, () => {
        throw new Error(`${name} was loaded`);
      });
    }
    try {
      require(entry);
    } catch (error) {
      refusal = (error as Error).message;
    }
  });
  for (const name of SERVICE_ONLY) jest.dontMock(name);
  return refusal;
}

describe('the entries of server-core', () => {
  it('loads neither TypeORM, pg nor nodemailer through the entry every process uses', () => {
    expect(refusalLoading('./index')).toBeUndefined();
  });

  it('loads them through the services’ entry (the refusal above would be seen)', () => {
    expect(refusalLoading('./service')).toMatch(/^(typeorm|@nestjs\/typeorm|pg|nodemailer) was loaded$/);
  });
});
