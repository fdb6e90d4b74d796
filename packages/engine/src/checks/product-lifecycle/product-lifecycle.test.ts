// Products past end of support: a school's asset register (in use) and a council's server
// baseline; decoys: a product retired in the same sentence, a version still supported, a product
// named in an audit dated before its end of support, a word that only looks like a product.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { unsupportedProducts } from './products';

async function found(files: Record<string, string>, asOf = '2026-11-26') {
  const analysis = analyzeCorpus(await snapshotOf(files, asOf), {
    domain: '',
    audit_purpose: '',
    frameworks: [],
    focus_areas: [],
    materiality: null,
    doc_hierarchy: { evidence: ['*.csv'] },
    known_concerns: [],
  });
  return unsupportedProducts(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  ).map((u) => u.written);
}

const DATED_2026 = { 'Minutes.txt': 'Minutes of the governors, 12 October 2026.\n' };

test("a school's asset register lists Windows Server 2012 R2 and CentOS 7 in use", async () => {
  expect(
    await found({
      ...DATED_2026,
      'Asset-Register.csv':
        'asset,os,owner\nMIS-01,Windows Server 2012 R2,IT\nWEB-02,CentOS 7.9,IT\nLAB-03,Ubuntu 22.04,IT\n',
    }),
  ).toEqual(['Windows Server 2012', 'CentOS 7']);
});

test("a council's baseline mandates SQL Server 2014", async () => {
  expect(
    await found({
      ...DATED_2026,
      'Server-Baseline.md':
        '# Server Baseline\n\nDatabases run on SQL Server 2014 Enterprise with TDE enabled.\n',
    }),
  ).toEqual(['SQL Server 2014']);
});

test.each([
  ['retired in the same sentence', 'Windows Server 2012 R2 hosts were decommissioned in March 2024.'],
  ['a supported version', 'Laptops run Windows 11 Enterprise.'],
  ['a word that only looks like a product', 'Staff may not use USB flash drives.'],
])('decoy: %s', async (_name, sentence) => {
  expect(
    await found({ ...DATED_2026, 'Endpoint-Standard.md': `# Endpoint Standard\n\n${sentence}\n` }),
  ).toEqual([]);
});

test('decoy: an audit dated before the end of support', async () => {
  expect(
    await found(
      {
        'Minutes.txt': 'Minutes of the governors, 12 October 2019.\n',
        'Endpoint-Standard.md': '# Endpoint Standard\n\nLaptops run Windows 10 Enterprise.\n',
      },
      '2020-01-31',
    ),
  ).toEqual([]);
});

test('an undated standard is judged on the audit date', async () => {
  expect(
    await found({ 'Endpoint-Standard.md': '# Endpoint Standard\n\nLaptops run Windows 10 Enterprise.\n' }),
  ).toEqual(['Windows 10']);
});

describe('a list of the client versions a service accepts names its visitors’ platforms, not systems in use', () => {
  test.each([
    [
      "a bank's online-banking standard",
      'Online banking accepts these oldest clients: Chrome 49, Firefox 45, Safari 10, IE 11 on Windows 7, Android 5.0.',
    ],
    [
      "a retailer's web checkout baseline",
      '| Legacy profile | Firefox 3, Opera 10, Chrome 5, IE8 on Windows XP, Android 2.3 |',
    ],
  ])('%s: no finding', async (_industry, line) => {
    expect(await found({ ...DATED_2026, 'Web-Standard.md': `# Web Standard\n\n${line}\n` })).toEqual([]);
  });

  test('a browser named on an unsupported system the organisation runs is still found', async () => {
    expect(
      await found({
        ...DATED_2026,
        'Branch-Baseline.md': '# Branch Baseline\n\nTill PCs run Chrome 109 on Windows 7 until the refit.\n',
      }),
    ).toEqual(['Windows 7']);
  });
});
