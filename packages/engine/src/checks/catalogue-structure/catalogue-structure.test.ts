// Documents that reproduce a control catalogue: a hospital's Statement of Applicability built on
// the ISO/IEC 27001:2013 Annex A (numbers written without "A.", one control numbered as its
// objective) and a water utility's control matrix on NIST CSF 1.1, both audited in 2026; decoys:
// a bank's mapping on ISO/IEC 27001:2022, a transition table that names the 2022 edition, a
// policy whose own numbered sections are not controls, and a document citing only a few controls.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import type { Intake } from '../../types';
import type { CandidateContext, VerdictContext } from '../check';
import { catalogueStructureCheck } from '.';
import { catalogueLines, nameSimilarity } from './structure';

const INTAKE: Intake = {
  domain: '',
  audit_purpose: '',
  frameworks: ['ISO/IEC 27001:2022'],
  focus_areas: [],
  materiality: null,
  doc_hierarchy: null,
  known_concerns: [],
};

async function findings(files: Record<string, string>, intake: Intake = INTAKE) {
  const analysis = analyzeCorpus(await snapshotOf(files, '2026-06-30'), null);
  const context: CandidateContext = { analysis, intake, focusBoost: () => 0 };
  return catalogueStructureCheck.candidates(context).flatMap((candidate) => {
    const verdictContext = { analysis, frameworks: intake.frameworks } as unknown as VerdictContext;
    return catalogueStructureCheck.verdict(candidate.params, verdictContext).issues;
  });
}

const HOSPITAL_SOA = [
  '# Statement of Applicability - St Brendan Regional Hospital',
  '',
  'The hospital applies the ISO 27001 controls below to its clinical systems.',
  '',
  '## 9 Access control',
  '### 9.1 Business requirements of access control',
  '#### 9.1.1 Access control policy',
  'Applicable: the clinical access policy governs ward terminals.',
  '#### 9.1.2 Access to networks and network services',
  'Applicable: theatre devices sit on a separate network.',
  '### 9.2 User access management',
  '#### 9.2.1 User registration and de-registration',
  'Applicable: locum doctors are registered by the medical staffing office.',
  '#### 9.2.2 User access provisioning',
  'Applicable.',
  '#### 9.2.3 Review of user access rights',
  'Applicable: ward managers review access each quarter.',
  '#### 9.2.6 Removal or adjustment of access rights',
  'Applicable.',
  '## 12 Operations security',
  '#### 12.3.1 Information backup',
  'Applicable: the patient record system is backed up nightly.',
].join('\n');

test("a hospital's Statement of Applicability built on the 2013 Annex A is one currency finding", async () => {
  const issues = await findings({ 'Statement-of-Applicability.md': HOSPITAL_SOA });
  const currency = issues.filter((i) => i.primitive === 'currency_check');
  expect(currency).toHaveLength(1);
  expect(currency[0]!.title).toContain('ISO/IEC 27001:2013');
  expect(currency[0]!.title).toContain('ISO/IEC 27001:2022');
  // Audited against the framework: a mapping that cannot support certification is high.
  expect(currency[0]!.severity).toBe('high');
  for (const quote of currency[0]!.quotes)
    expect(HOSPITAL_SOA.slice(quote.start, quote.end)).toBe(quote.text);
});

test('the control numbered 9.2.3 but named as 9.2.5 is one citation finding naming the right number', async () => {
  const issues = await findings({ 'Statement-of-Applicability.md': HOSPITAL_SOA });
  const citation = issues.filter((i) => i.primitive === 'citation_integrity_check');
  expect(citation).toHaveLength(1);
  expect(citation[0]!.description).toContain(
    '"9.2.3 Review of user access rights" (that control is A.9.2.5)',
  );
  // Section headings ("9 Access control") are not controls and are never misnumbered.
  expect(citation[0]!.description).not.toContain('"9 Access');
});

test('without the framework in the intake the superseded mapping is medium', async () => {
  const issues = await findings(
    { 'Statement-of-Applicability.md': HOSPITAL_SOA },
    { ...INTAKE, frameworks: [] },
  );
  expect(issues.find((i) => i.primitive === 'currency_check')!.severity).toBe('medium');
});

test("a water utility's control matrix on NIST CSF 1.1 subcategories is found from a table", async () => {
  const matrix = [
    '# Operational Technology Control Matrix',
    '',
    '| Subcategory | Outcome | Owner |',
    '|---|---|---|',
    '| ID.AM-1 | Physical devices and systems within the organization are inventoried | OT engineering |',
    '| ID.AM-2 | Software platforms and applications within the organization are inventoried | OT engineering |',
    '| ID.AM-3 | Organizational communication and data flows are mapped | Network team |',
    '| PR.AC-1 | Identities and credentials are issued, managed, verified, revoked, and audited for authorized devices, users and processes | Control room supervisor |',
    '| PR.AC-3 | Remote access is managed | Network team |',
    '| DE.CM-1 | The network is monitored to detect potential cybersecurity events | SOC |',
  ].join('\n');
  const issues = await findings({ 'OT-Control-Matrix.md': matrix }, { ...INTAKE, frameworks: ['NIST CSF'] });
  expect(issues.map((i) => i.title)).toEqual([
    'OT-Control-Matrix.md is built on the withdrawn NIST Framework for Improving Critical Infrastructure Cybersecurity, Version 1.1, not NIST Cybersecurity Framework (CSF) 2.0',
  ]);
});

test("decoy: a bank's mapping on the 2022 Annex A gives nothing", async () => {
  const mapping = [
    '# Access Control Standard - control mapping',
    '',
    '- A.5.15 Access control',
    '- A.5.16 Identity management',
    '- A.5.17 Authentication information',
    '- A.5.18 Access rights',
    '- A.8.2 Privileged access rights',
    '- A.8.5 Secure authentication',
  ].join('\n');
  expect(await findings({ 'Access-Control-Standard.md': mapping })).toEqual([]);
});

test('decoy: a transition table that names the 2022 edition is not a superseded mapping', async () => {
  const table = [
    '# Transition from ISO/IEC 27001:2013 to ISO/IEC 27001:2022',
    '',
    '| 2013 control | Name | 2022 control |',
    '|---|---|---|',
    '| A.9.2.1 | User registration and de-registration | A.5.16 |',
    '| A.9.2.2 | User access provisioning | A.5.18 |',
    '| A.9.2.3 | Management of privileged access rights | A.8.2 |',
    '| A.9.2.5 | Review of user access rights | A.5.18 |',
    '| A.9.2.6 | Removal or adjustment of access rights | A.5.18 |',
  ].join('\n');
  expect(
    (await findings({ 'Transition-Plan.md': table })).filter((i) => i.primitive === 'currency_check'),
  ).toEqual([]);
});

test("decoy: a policy's own numbered sections and a few cited controls are not a catalogue", async () => {
  const policy = [
    '# Records Management Policy',
    '## 1 Purpose',
    '## 2 Scope',
    '### 2.1 Information assets',
    '### 2.2 Exclusions',
    '## 3 Roles and responsibilities',
    '### 3.1 Records manager',
    '## 4 Retention',
    'This supports ISO 27001 controls A.5.33 Protection of records and A.8.13 Information backup.',
  ].join('\n');
  expect(await findings({ 'Records-Policy.md': policy })).toEqual([]);
});

test('lines pair an identifier with a name in headings, list items and table rows', () => {
  const lines = catalogueLines(
    '#### 9.2.2 User access provisioning\n- CC6.1 Logical access\n| PR.AC-01 | Identities are managed |\n',
  );
  expect(lines.map((l) => [l.written, l.name])).toEqual([
    ['9.2.2', 'User access provisioning'],
    ['CC6.1', 'Logical access'],
    ['PR.AC-01', 'Identities are managed'],
  ]);
  expect(nameSimilarity('Review of user access rights', 'Review of user access rights (control)')).toBe(1);
});
