import { listPageOfReply, responseJsonOfReply } from './rpc-reply-pages';

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

describe(responseJsonOfReply.name, () => {
  it('cuts the response out as the service wrote it, without copying it', () => {
    const response = [{ id: 'a', text: 'quotes ","isDisposed":true and \\ inside, città 🏛️', isDisposed: false, id2: null }, { n: 1.5, nested: { isDisposed: true } }];
    const bytes = reply({ response });
    const sut = responseJsonOfReply(bytes);
    expect(sut.toString('utf8')).toBe(JSON.stringify(response));
    expect(sut.buffer).toBe(bytes.buffer);
  });

  it('cuts an object, a string, a number and null alike', () => {
    for (const response of [{ id: 'a' }, 'text', 42, null, []]) {
      expect(JSON.parse(responseJsonOfReply(reply({ response })).toString('utf8'))).toEqual(response);
    }
  });

  it('throws the error a service answered', () => {
    const err = { statusCode: 404, reason: 'NOT_FOUND', message: 'VAT rate not found', error: 'Not Found' };
    expect(() => responseJsonOfReply(reply({ err }))).toThrow(expect.objectContaining({ reason: 'NOT_FOUND' }));
  });

  it('reads a reply with fields of its own after the response whole', () => {
    const more = Buffer.from(JSON.stringify({ response: [1], isDisposed: true, id: '7', extra: 1 }));
    expect(responseJsonOfReply(more).toString('utf8')).toBe('[1]');
  });

  it('parses a reply laid out otherwise whole', () => {
    expect(responseJsonOfReply(Buffer.from(JSON.stringify({ id: '7', response: { a: [1] } }))).toString('utf8')).toBe('{"a":[1]}');
    expect(responseJsonOfReply(Buffer.from(JSON.stringify({ isDisposed: true, id: '7' }))).toString('utf8')).toBe('null');
    expect(() => responseJsonOfReply(Buffer.from(JSON.stringify({ id: '7', err: { reason: 'INTERNAL' } })))).toThrow(
      expect.objectContaining({ reason: 'INTERNAL' }),
    );
  });
});
