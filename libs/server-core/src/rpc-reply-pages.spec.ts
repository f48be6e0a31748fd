import { listPageOfReply } from './rpc-reply-pages';

/** A reply as the services' NATS server writes it. */
const reply = (packet: object) => Buffer.from(JSON.stringify({ ...packet, isDisposed: true, id: '7' }));
/** What a page holds, with its items as text. */
const read = ({ itemsJson, ...page }: ReturnType<typeof listPageOfReply>) => ({ ...page, itemsJson: itemsJson.toString('utf8') });

describe(listPageOfReply.name, () => {
  it('cuts the items out as the service wrote them and reads the cursors', () => {
    const items = [{ id: 'a', text: 'brackets ], quotes "],"nextCursor":1 and \\\\ inside, città 🏛️' }, { id: 'b', list: [1, [2]] }];
    const sut = read(listPageOfReply(reply({ response: { items, nextCursor: 2, pageStarts: [2, 5] } })));
    expect(sut).toEqual({ itemsJson: JSON.stringify(items), nextCursor: 2, pageStarts: [2, 5] });
    expect(JSON.parse(sut.itemsJson)).toEqual(items);
  });

  it('reads the number of matches a first page carries', () => {
    const sut = read(listPageOfReply(reply({ response: { items: [{ id: 'a' }], nextCursor: 1, total: 42 } })));
    expect(sut).toEqual({ itemsJson: '[{"id":"a"}]', nextCursor: 1, total: 42 });
  });

  it('reads a last page and an empty one', () => {
    expect(read(listPageOfReply(reply({ response: { items: [], nextCursor: null } })))).toEqual({ itemsJson: '[]', nextCursor: null });
  });

  it('throws the error a service answered', () => {
    const err = { statusCode: 401, reason: 'SESSION_ENDED', message: 'ended', error: 'Unauthorized' };
    expect(() => listPageOfReply(reply({ err }))).toThrow(expect.objectContaining({ reason: 'SESSION_ENDED' }));
  });

  it('parses a page laid out otherwise whole', () => {
    const sut = read(listPageOfReply(Buffer.from(JSON.stringify({ id: '7', response: { nextCursor: null, items: [{ id: 'a' }] } }))));
    expect(sut).toEqual({ itemsJson: '[{"id":"a"}]', nextCursor: null });
  });
});
