// Products past end of support: a school's asset register (in use) and a council's server
// baseline; decoys: a product retired in the same sentence, a version still supported, a product
// named in an audit dated before its end of support, a word that only looks like a product.
// Client platforms: a dental practice's and a law firm's minimum versions, a haulier's devices,
// instructions for renamed products; decoys: a version in the past, a floor beside a demand for
// the latest release, supported versions, a retired name in a description, a current-release table.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { productLifecycleCheck } from '.';
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

describe('client operating systems and apps', () => {
  async function requirements(files: Record<string, string>, asOf = '2026-11-26') {
    const analysis = analyzeCorpus(await snapshotOf(files, asOf), BLANK_INTAKE);
    return unsupportedProducts(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((u) => [u.written, u.requirement]);
  }

  test('a dental practice accepts iPadOS 14 or later on its chairside tablets: a floor past support', async () => {
    expect(
      await requirements({
        'Device-Standard.md': '# Device Standard\n\nChairside tablets must run iPadOS 14 or later.\n',
      }),
    ).toEqual([['iPadOS 14', true]]);
  });

  test("a law firm's table of minimum versions: only the required column counts", async () => {
    expect(
      await requirements({
        'Mobile-Policy.md':
          '# Mobile Policy\n\n| Platform | Current release | Minimum version |\n|---|---|---|\n| macOS | 13.4 | 12.7.1 |\n| iOS | 17.5 | 17.2 |\n',
      }),
    ).toEqual([
      ['macOS 12.7.1', true],
      ['iOS 17.2', true],
    ]);
  });

  test("a haulier's scanners run Android 8.1 and its reception tablets iOS 12.5.7", async () => {
    expect(
      await requirements({
        'Warehouse-Devices.md':
          '# Warehouse Devices\n\nHandheld scanners run Android 8.1 Oreo.\n\nReception tablets run iOS 12.5.7.\n\nThe old Mac OS X 10.15 Catalina kiosk prints labels.\n',
      }),
    ).toEqual([
      ['Android 8.1 Oreo', false],
      ['iOS 12.5.7', false],
      ['Mac OS X 10.15 Catalina', false],
    ]);
  });

  test('instructions written for a renamed product: OS X, Android Device Manager', async () => {
    expect(
      await requirements({
        'Lost-Phone.md':
          '# Lost Phone Procedure\n\nOpen Android Device Manager and select Erase.\n\nOn OS X, open System Preferences > Security to show a lock message.\n',
      }),
    ).toEqual([
      ['Android Device Manager', false],
      ['OS X', false],
    ]);
  });

  test.each([
    ['a version placed in the past', 'Until 2021 we used macOS 10.15 on the front desk.'],
    [
      'a floor with the latest release also required',
      'Laptops run macOS 12 or later and the latest version the hardware supports.',
    ],
    ['a supported version', 'Staff phones run Android 15.'],
    ['a version still supported in the record', 'Design laptops run macOS 14 Sonoma.'],
    ['a retired name in a description of the estate', 'The studio laptops run Mac OS X or Linux.'],
  ])('decoy: %s', async (_name, sentence) => {
    expect(await requirements({ 'Endpoint-Standard.md': `# Endpoint Standard\n\n${sentence}\n` })).toEqual(
      [],
    );
  });

  test('decoy: a table whose only version column is the current release', async () => {
    expect(
      await requirements({
        'Release-Notes.md': '# Releases\n\n| Platform | Current release |\n|---|---|\n| macOS | 12.7 |\n',
      }),
    ).toEqual([]);
  });
});

test('the findings say what is wrong: a minimum past support, a retired name, each document quoted', async () => {
  const issues = await candidateIssues(
    productLifecycleCheck,
    {
      'Device-Standard.md': '# Device Standard\n\nChairside tablets must run iPadOS 14 or later.\n',
      'Guide-A.md': '# Guide A\n\nOn OS X, open the Keychain app.\n\nOn OS X, use the Services menu.\n',
      'Guide-B.md': '# Guide B\n\nFor OS X, it’s under Security in System Preferences.\n',
    },
    BLANK_INTAKE,
    '2026-11-26',
  );
  const byTitle = Object.fromEntries(issues.map((i) => [i.title, i]));
  const floor =
    byTitle['Device-Standard.md accepts Apple iPadOS 14 as a minimum, past its end of support (2021-10-01)']!;
  expect(floor.description).toContain('as the required or minimum version');
  const renamed =
    byTitle['Apple OS X is a retired product name (now macOS) but Guide-A.md and Guide-B.md still use it']!;
  expect(renamed.description).toContain('Apple OS X has been macOS since 2016');
  expect(renamed.quotes.map((q) => q.document)).toEqual(['Guide-A.md', 'Guide-B.md', 'Guide-A.md']);
});

test("registers that name the product in one column and its version in the next: a hospital's and a warehouse's", async () => {
  expect(
    await found({
      'Server-Inventory.csv':
        'asset,role,os,os version,criticality\nSRV-020,PACS application,Windows Server,2012 R2 Standard,Critical\nSRV-021,HIS,Windows Server,2022 Datacenter,Critical\n',
    }),
  ).toEqual(['Windows Server 2012']);
  expect(
    await found({
      'IT-Asset-Inventory.csv':
        'id,host,platform,version,owner,notes\nPGO-SRV-021,wms-db-prd-01,Windows Server,2012 R2 Standard,Logistics,replacement in budget 2027\n',
    }),
  ).toEqual(['Windows Server 2012']);
});

test('decoy: a register row that records an approved exception; a row that says none was sighted still counts', async () => {
  expect(
    await found({
      'Server-Inventory.csv':
        'asset,os,os version,exception,notes\nSRV-041,CentOS Linux,7.9,EXC-2026-07,"Exception EXC-2026-07 approved by the CISO, valid until 31/03/2027; isolated VLAN"\nSRV-044,Windows Server,2012 R2,,No risk acceptance sighted\n',
    }),
  ).toEqual(['Windows Server 2012']);
});
