import { ServerNats } from '@nestjs/microservices';
import { SafeReplyServerNats } from './safe-reply-server-nats';

/** Nest's own server, its (protected) route of a pattern reachable for the comparison. */
class NestRoutes extends ServerNats {
  routeOf(pattern: string): string {
    return this.getRouteFromPattern(pattern);
  }
}

describe('SafeReplyServerNats routes', () => {
  const sut = new SafeReplyServerNats({ servers: ['nats://127.0.0.1:4222'] });
  const nest = new NestRoutes({ servers: ['nats://127.0.0.1:4222'] });

  it('gives the route Nest gives, for a plain subject and for a JSON pattern', () => {
    for (const pattern of ['qb.catalogue.vat-rates.list', '{"cmd":"sum","b":1}']) {
      expect(sut.getRouteFromPattern(pattern)).toBe(nest.routeOf(pattern));
    }
  });

  it('works a subject out once, not on every message (no parse failure per message)', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 3; i += 1) expect(sut.getRouteFromPattern('qb.catalogue.products.list')).toBe('qb.catalogue.products.list');
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});
