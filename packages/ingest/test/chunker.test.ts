// The chunker: exact offsets into the document text, overlap between neighbours, cuts at natural
// boundaries, and no chunk across a section (so its page or sheet is exact).
import { buildDocument } from '../src/document';
import { chunkDocument, parseFile, type ChunkDraft, type ParsedDocument } from '../src';
import { corpusFile } from './helpers';

function expectExactOffsets(doc: ParsedDocument, chunks: ChunkDraft[]) {
  for (const chunk of chunks) {
    expect(doc.text.slice(chunk.startOffset, chunk.endOffset)).toBe(chunk.text);
    expect(chunk.document).toBe(doc.document);
  }
  expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_chunk, index) => index));
}

const sentence = (n: number) => `Sentence number ${n} says that backups are tested every quarter. `;

describe('chunkDocument', () => {
  it('keeps a short document in one chunk, trimmed', () => {
    const doc = buildDocument({
      document: 'a.txt',
      extension: 'txt',
      sections: [{ text: 'Short policy text.' }],
    });
    expect(chunkDocument(doc)).toEqual([
      {
        document: 'a.txt',
        ordinal: 0,
        page: null,
        sheet: null,
        startOffset: 0,
        endOffset: 18,
        text: 'Short policy text.',
      },
    ]);
  });

  it('cuts long text into ~1,200 character chunks that overlap by ~200 at word boundaries', () => {
    const text = Array.from({ length: 80 }, (_v, n) => sentence(n))
      .join('')
      .trim();
    const doc = buildDocument({ document: 'long.txt', extension: 'txt', sections: [{ text }] });
    const chunks = chunkDocument(doc);
    expectExactOffsets(doc, chunks);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1_200);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text.length).toBeGreaterThan(600);
    for (let index = 1; index < chunks.length; index += 1) {
      const overlap = chunks[index - 1]!.endOffset - chunks[index]!.startOffset;
      expect(overlap).toBeGreaterThan(50);
      expect(overlap).toBeLessThanOrEqual(200);
      // Every chunk starts at a sentence start and the previous one ends at a sentence end.
      expect(chunks[index]!.text).toMatch(/^Sentence number \d+/);
      expect(chunks[index - 1]!.text).toMatch(/quarter\.$/);
    }
    // Together the chunks cover the whole text.
    expect(chunks[0]!.startOffset).toBe(0);
    expect(chunks[chunks.length - 1]!.endOffset).toBe(text.length);
  });

  it('prefers a paragraph break to a sentence end', () => {
    const first = Array.from({ length: 12 }, (_v, n) => sentence(n))
      .join('')
      .trim();
    const second = Array.from({ length: 12 }, (_v, n) => sentence(n + 100))
      .join('')
      .trim();
    const doc = buildDocument({
      document: 'p.md',
      extension: 'md',
      sections: [{ text: `${first}\n\n${second}` }],
    });
    const chunks = chunkDocument(doc);
    expect(chunks[0]!.text).toBe(first);
  });

  it('honours targetChars and overlapChars, and cuts words apart only when it must', () => {
    const doc = buildDocument({
      document: 'x.txt',
      extension: 'txt',
      sections: [{ text: 'x'.repeat(1_000) }],
    });
    const chunks = chunkDocument(doc, { targetChars: 300, overlapChars: 50 });
    expectExactOffsets(doc, chunks);
    expect(chunks.map((chunk) => [chunk.startOffset, chunk.endOffset])).toEqual([
      [0, 300],
      [250, 550],
      [500, 800],
      [750, 1_000],
    ]);
  });

  it('never crosses a section, so PDF pages stay exact', async () => {
    const doc = await parseFile(corpusFile('Data-Retention-Policy.pdf'));
    const chunks = chunkDocument(doc);
    expectExactOffsets(doc, chunks);
    for (const chunk of chunks) {
      const section = doc.sections.find((candidate) => candidate.page === chunk.page)!;
      expect(chunk.startOffset).toBeGreaterThanOrEqual(section.start);
      expect(chunk.endOffset).toBeLessThanOrEqual(section.start + section.text.length);
    }
    expect(new Set(chunks.map((chunk) => chunk.page))).toEqual(new Set([1, 2, 3, 4]));
    const backups = chunks.find((chunk) =>
      chunk.text.includes('Production database backups are retained for 90 days'),
    );
    expect(backups?.page).toBe(3);
  });

  it('names the sheet of spreadsheet chunks and skips empty sections', () => {
    const doc = buildDocument({
      document: 'book.xlsx',
      extension: 'xlsx',
      sections: [
        { text: 'Control | Owner\nMFA | IT', sheet: 'Controls' },
        { text: '', sheet: 'Empty' },
        { text: 'Risk | Score\nRansomware | 12', sheet: 'Risks' },
      ],
    });
    const chunks = chunkDocument(doc);
    expectExactOffsets(doc, chunks);
    expect(chunks.map((chunk) => [chunk.sheet, chunk.text])).toEqual([
      ['Controls', 'Control | Owner\nMFA | IT'],
      ['Risks', 'Risk | Score\nRansomware | 12'],
    ]);
  });

  it('keeps exact offsets on every corpus document', async () => {
    for (const name of [
      'Information-Security-Policy.md',
      'Password-Policy.docx',
      'it-ops-thread.mbox',
      'Vendor-Inventory.csv',
    ]) {
      const doc = await parseFile(corpusFile(name));
      const chunks = chunkDocument(doc);
      expect(chunks.length).toBeGreaterThan(0);
      expectExactOffsets(doc, chunks);
    }
  });
});
