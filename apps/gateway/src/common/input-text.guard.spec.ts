import { undecodableQueryProblems } from './input-text.guard';

describe(undecodableQueryProblems.name, () => {
  it('finds nothing in a path without a query, or in a query that decodes', () => {
    expect(undecodableQueryProblems('/api/tenants/t/quotes')).toEqual([]);
    expect(undecodableQueryProblems('/api/q?search=Caf%C3%A8+Roma&limit=20&flag&=x#top')).toEqual([]);
  });

  it('names a parameter whose value holds a lone surrogate or a broken escape', () => {
    expect(undecodableQueryProblems('/api/q?limit=1&search=fuzz%ED%A0%80')).toEqual(['search contains invalid characters']);
    expect(undecodableQueryProblems('/api/q?search=50%')).toEqual(['search contains invalid characters']);
    expect(undecodableQueryProblems('/api/q?se%ED%A0%80arch=1')).toEqual(['the query has a parameter name with invalid characters']);
  });
});
