// The parse host runs parsers in a child process: results come back intact, failures name the file,
// a file over the time limit is killed without harming the next one, and a child that crashes (out
// of memory here) fails only its own file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { OCR_UNAVAILABLE, ParseError, createParseHost, parseFile, type ParseHost } from '../src';
import { corpusFile, fixture } from './helpers';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// The deadlines below are generous (a loaded machine may take a while to deliver a SIGKILL and
// reap the child); a process that is never killed still fails the test, only later.
async function waitUntilDead(pid: number): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && isAlive(pid)) await new Promise((r) => setTimeout(r, 20));
  return !isAlive(pid);
}

/** Live processes in a process group (Linux /proc: field 5 of stat is the group id). */
function processesInGroup(group: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

async function failure(promise: Promise<unknown>): Promise<ParseError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
}

describe('createParseHost', () => {
  let host: ParseHost;

  afterEach(async () => {
    await host.close();
  });

  it('parses in a child process with the same result as in-process', async () => {
    host = createParseHost();
    const input = corpusFile('Data-Retention-Policy.pdf');
    const viaHost = await host.parse(input);
    expect(viaHost).toEqual(await parseFile(input));
    expect(host.childPid).not.toBeNull();
    expect(host.childPid).not.toBe(process.pid);
    // Several files, queued at once, come back in order from the same child.
    const [docx, mbox] = await Promise.all([
      host.parse(corpusFile('Password-Policy.docx')),
      host.parse(fixture('two-messages.mbox')),
    ]);
    expect(docx.text).toContain('every six months');
    expect(mbox.sections).toHaveLength(2);
  }, 60_000);

  it('reports a parse failure as a ParseError naming the file, and keeps the child', async () => {
    host = createParseHost();
    await host.parse(corpusFile('Vendor-Inventory.csv'));
    const pid = host.childPid;
    const error = await failure(host.parse(fixture('zip-bomb.docx')));
    expect(error.document).toBe('zip-bomb.docx');
    expect(error.reason).toMatch(/^refused as a possible zip bomb/);
    expect(host.childPid).toBe(pid);
  }, 60_000);

  it('kills a parse over the time limit; the next file gets a fresh child', async () => {
    host = createParseHost();
    await host.parse(corpusFile('Encryption-Policy.md'));
    const firstPid = host.childPid!;
    const error = await failure(host.parse(corpusFile('Data-Retention-Policy.pdf'), { timeoutMs: 1 }));
    expect(error.message).toBe('Data-Retention-Policy.pdf: parsing took longer than 0.001 s');
    expect(await waitUntilDead(firstPid)).toBe(true);
    const next = await host.parse(corpusFile('Data-Retention-Policy.pdf'));
    expect(next.pageCount).toBe(4);
    expect(host.childPid).not.toBe(firstPid);
  }, 60_000);

  it('kills the programs a parser runs too (tesseract) when the time limit ends it', async () => {
    host = createParseHost();
    await host.parse(corpusFile('Encryption-Policy.md'));
    const group = host.childPid!;
    // A stand-in OCR program that never finishes: real tesseract may read the sample scan faster
    // than any time limit short enough for a test.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'slow-ocr-'));
    const slowOcr = path.join(folder, 'tesseract');
    writeFileSync(slowOcr, '#!/bin/sh\nsleep 60\n', { mode: 0o755 });
    const error = await failure(
      host.parse(
        { ...corpusFile('Laptop-Encryption-Standard-scan.png'), tesseractPath: slowOcr },
        { timeoutMs: 300 },
      ),
    );
    expect(error.reason).toBe('parsing took longer than 0.3 s');
    expect(await waitUntilDead(group)).toBe(true);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && processesInGroup(group).length > 0)
      await new Promise((r) => setTimeout(r, 20));
    expect(processesInGroup(group)).toEqual([]);
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('applies the host-wide time limit', async () => {
    // A parse that cannot finish in time whatever the machine's load (a 1 ms limit on a real PDF
    // lost the race to a parse that finished while a busy event loop ran the timer late).
    const folder = mkdtempSync(path.join(os.tmpdir(), 'slow-ocr-'));
    const slowOcr = path.join(folder, 'tesseract');
    writeFileSync(slowOcr, '#!/bin/sh\nsleep 60\n', { mode: 0o755 });
    host = createParseHost({ timeoutMs: 300 });
    const error = await failure(
      host.parse({ ...corpusFile('Laptop-Encryption-Standard-scan.png'), tesseractPath: slowOcr }),
    );
    expect(error.reason).toBe('parsing took longer than 0.3 s');
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('fails only the file that crashed the child (out of memory)', async () => {
    host = createParseHost({ maxOldSpaceMb: 192 });
    // 40 MB of CSV cells become far more than 192 MB of strings and arrays in the child.
    const row = 'a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t\n';
    const huge = {
      bytes: Buffer.from(row.repeat(Math.ceil((40 * 1024 * 1024) / row.length))),
      filename: 'huge.csv',
    };
    const error = await failure(host.parse(huge));
    expect(error.document).toBe('huge.csv');
    expect(error.reason).toBe('the parser ran out of memory on this file');
    const next = await host.parse(corpusFile('Vendor-Inventory.csv'));
    expect(next.text).toContain('CloudCo Hosting LLC');
  }, 60_000);

  it('passes the tesseract path on to the child: a missing binary fails the image clearly', async () => {
    host = createParseHost();
    const input = {
      ...corpusFile('Laptop-Encryption-Standard-scan.png'),
      tesseractPath: '/nonexistent/tesseract',
    };
    const error = await failure(host.parse(input));
    expect(error.message).toBe(`Laptop-Encryption-Standard-scan.png: ${OCR_UNAVAILABLE}`);
  }, 60_000);

  it('refuses work after close', async () => {
    host = createParseHost();
    await host.close();
    await expect(host.parse(corpusFile('Encryption-Policy.md'))).rejects.toThrow('the parse host is closed');
  });
});
