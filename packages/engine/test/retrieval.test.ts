// Quote verification and BM25 retrieval.
import { verifyQuote } from '../src/quotes';
import { Bm25Index } from '../src/retrieval/bm25';
import { PLANTED, snapshotOf } from './helpers/synthetic-corpus';

describe('verifyQuote', () => {
  const source =
    'a. Suppliers must notify the company of any security incident\naffecting company data within 48 hours of discovery.';
  test('exact quotes pass regardless of case, whitespace and typographic quotes', () => {
    expect(
      verifyQuote('SUPPLIERS must notify the company of any security incident affecting company data', [
        source,
      ]),
    ).toBe(true);
    expect(verifyQuote('within  48 hours of discovery.', [source])).toBe(true);
    expect(verifyQuote('the company\u2019s data', ["the company's data"])).toBe(true);
  });
  test('a quote with altered ends passes on a verbatim span; an invented quote fails', () => {
    expect(
      verifyQuote('Vendors must notify the company of any security incident affecting company data fast', [
        source,
      ]),
    ).toBe(true);
    expect(verifyQuote('Suppliers may report incidents at their discretion within 30 days', [source])).toBe(
      false,
    );
    expect(verifyQuote('', [source])).toBe(false);
  });
});

describe('Bm25Index', () => {
  test('ranks the chunk that states the concept first and filters by document', async () => {
    const snapshot = await snapshotOf(PLANTED);
    const index = new Bm25Index(snapshot.chunks);
    const top = index.search('security incident notify within hours suppliers', { k: 3 });
    expect(top[0]!.chunk.document).toBe('Supplier-Policy.md');
    expect(top[0]!.score).toBeGreaterThan(top[top.length - 1]!.score - 1e-9);
    const filtered = index.search('security incident notify', {
      documents: ['Hosting-Services-Agreement.txt'],
    });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((hit) => hit.chunk.document === 'Hosting-Services-Agreement.txt')).toBe(true);
    expect(index.search('zebra quasar', { k: 5 })).toEqual([]);
  });
});
