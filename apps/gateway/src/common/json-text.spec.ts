import { jsonObject, JsonText } from './json-text';

const text = (value: unknown) => new JsonText<unknown>([Buffer.from(JSON.stringify(value), 'utf8')]);

describe(jsonObject.name, () => {
  it('writes the fields, then the JSON fields as they are: the same value JSON.stringify writes', () => {
    const entries = [{ id: 'a', title: 'Giro "in barca" – Capri\n' }, { id: 'b', title: '€ 😀' }];
    const answer = jsonObject<{ from: string; to: string; entries: unknown[] }>({ from: '2026-03-01', to: '2026-03-31' }, { entries: text(entries) });
    expect(answer.text).toBe(JSON.stringify({ from: '2026-03-01', to: '2026-03-31', entries }));
    expect(answer.byteLength).toBe(Buffer.byteLength(answer.text));
  });

  it('passes the JSON parts on without copying them', () => {
    const entries = text([1, 2, 3]);
    const answer = jsonObject<{ entries: number[] }>({}, { entries });
    expect(answer.text).toBe('{"entries":[1,2,3]}');
    expect(answer.parts).toContain(entries.parts[0]);
  });

  it('writes an object of plain fields alone', () => {
    expect(jsonObject<{ a: number }>({ a: 1 }, {}).text).toBe('{"a":1}');
  });
});
