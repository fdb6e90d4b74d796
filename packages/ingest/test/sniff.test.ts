// Upload checks: the extension list, safe names, and magic bytes that must agree with the extension.
import { extensionOf, isSafeFilename, sniffFileType } from '../src';
import { corpusFile, fixture } from './helpers';

describe('extensionOf', () => {
  it('returns the lower-cased corpus extension', () => {
    expect(extensionOf('Password-Policy.DOCX')).toBe('docx');
    expect(extensionOf('scan.final.jpeg')).toBe('jpeg');
    expect(extensionOf('it-ops-thread.mbox')).toBe('mbox');
  });

  it('returns null for other or missing extensions', () => {
    expect(extensionOf('setup.exe')).toBeNull();
    expect(extensionOf('README')).toBeNull();
    expect(extensionOf('.pdf')).toBeNull();
    expect(extensionOf('trailing.')).toBeNull();
  });
});

describe('isSafeFilename', () => {
  it('accepts ordinary names, spaces and non-ASCII letters', () => {
    expect(isSafeFilename('Password Policy v2.docx')).toBe(true);
    expect(isSafeFilename('Richtlinie-Verschlüsselung.pdf')).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['slash', 'a/b.pdf'],
    ['backslash', 'a\\b.pdf'],
    ['dot-dot', '..pdf'],
    ['traversal', '../../etc/passwd.txt'],
    ['NUL', 'a\u0000.pdf'],
    ['newline', 'a\nb.pdf'],
    ['escape', 'a\u001b[31m.pdf'],
    ['C1 control', 'a\u0085.pdf'],
    ['over 255 bytes', `${'é'.repeat(128)}.txt`],
  ])('rejects %s', (_label, name) => {
    expect(isSafeFilename(name)).toBe(false);
  });
});

describe('sniffFileType', () => {
  it.each([
    ['Password-Policy.docx', 'docx'],
    ['Access-Review-Log-2024.xlsx', 'xlsx'],
    ['Data-Retention-Policy.pdf', 'pdf'],
    ['Laptop-Encryption-Standard-scan.png', 'png'],
    ['Vendor-Inventory.csv', 'csv'],
    ['Encryption-Policy.md', 'md'],
    ['Change-Management-Policy.txt', 'txt'],
    ['backup-change.eml', 'eml'],
    ['it-ops-thread.mbox', 'mbox'],
  ])('accepts the real corpus file %s', (name, extension) => {
    expect(sniffFileType(corpusFile(name).bytes, extension)).toEqual({ ok: true, reason: null });
  });

  it('accepts the JPEG and TIFF scans', () => {
    expect(sniffFileType(fixture('retention-scan.jpg').bytes, 'jpg').ok).toBe(true);
    expect(sniffFileType(fixture('retention-scan.jpg').bytes, '.JPEG').ok).toBe(true);
    expect(sniffFileType(fixture('retention-scan.tiff').bytes, 'tiff').ok).toBe(true);
    expect(sniffFileType(Buffer.from('MM\u0000*rest', 'latin1'), 'tiff').ok).toBe(true);
  });

  it('refuses content that contradicts the extension, with a reason', () => {
    const text = fixture('wrong-magic.pdf').bytes;
    expect(sniffFileType(text, 'pdf')).toEqual({ ok: false, reason: expect.stringMatching(/not a PDF/) });
    const png = corpusFile('Laptop-Encryption-Standard-scan.png').bytes;
    expect(sniffFileType(png, 'docx').ok).toBe(false);
    expect(sniffFileType(png, 'jpg').ok).toBe(false);
    expect(sniffFileType(png, 'txt')).toEqual({ ok: false, reason: expect.stringMatching(/binary/) });
    const pdf = corpusFile('Data-Retention-Policy.pdf').bytes;
    expect(sniffFileType(pdf, 'png').ok).toBe(false);
    expect(sniffFileType(pdf, 'tiff').ok).toBe(false);
  });

  it('refuses invalid UTF-8 text, e-mail without headers, mailboxes without a From line', () => {
    expect(sniffFileType(Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff, 0xfe, 0x41]), 'txt').ok).toBe(false);
    expect(sniffFileType(Buffer.from('Dear team,\nplease see below.\n'), 'eml').ok).toBe(false);
    const eml = corpusFile('backup-change.eml').bytes;
    expect(sniffFileType(eml, 'mbox')).toEqual({ ok: false, reason: expect.stringMatching(/mbox/) });
  });

  it('accepts UTF-8 text cut inside a multi-byte character', () => {
    const text = Buffer.from('Verschlüsselung '.repeat(600));
    const cut = text.subarray(0, text.indexOf(Buffer.from('ü', 'utf8'), 8000) + 1);
    expect(sniffFileType(cut, 'md').ok).toBe(true);
  });

  it('refuses empty files and extensions outside the list', () => {
    expect(sniffFileType(Buffer.alloc(0), 'txt')).toEqual({ ok: false, reason: 'the file is empty' });
    expect(sniffFileType(Buffer.from('MZ'), 'exe').ok).toBe(false);
  });
});
