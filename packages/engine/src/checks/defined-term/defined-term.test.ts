// Defined terms across documents, on fixtures in two industries' wording (a freight forwarder and
// a retail bank), with decoys: asides set in bold, steps, abbreviations listed beside their
// expansion, and short glosses that are alike by chance.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { definedTermCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(definedTermCheck, files);

describe('one term defined two ways', () => {
  test('a glossary entry glossed after a dash meets a definition in another document', async () => {
    const issues = await issuesOf({
      'Glossary.md': [
        '# Glossary',
        '',
        '* *Consignment*: A single shipment of goods accepted from one shipper under one waybill.',
        '* *Depot*: A site where consignments are sorted.',
      ].join('\n'),
      'Claims-Procedure.md': [
        '# Claims Procedure',
        '',
        'Claims are handled in these categories:',
        '',
        '* **Consignments** - Any pallet or parcel held in a bonded warehouse awaiting customs clearance.',
        '* **Losses** - Any shortfall reported by the consignee.',
      ].join('\n'),
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.subject).toBe('term:consignment');
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      '* *Consignment*: A single shipment of goods accepted from one shipper under one waybill.',
      '* **Consignments** - Any pallet or parcel held in a bonded warehouse awaiting customs clearance.',
    ]);
  });

  test('a bank glossary and a complaints policy disagree on "Complaint"', async () => {
    const issues = await issuesOf({
      'Definitions.md':
        '# Definitions\n\n"Complaint" means any expression of dissatisfaction by a customer about the service received, whether justified or not.\n',
      'Complaints-Policy.md':
        "# Complaints Policy\n\n- **Complaint** - A written allegation of financial loss submitted on the bank's claim form.\n",
    });
    expect(issues.map((i) => i.title)).toEqual([
      '"Complaint" defined differently in Definitions.md and Complaints-Policy.md',
    ]);
  });

  test('decoy: bold asides and steps after a dash are not definitions', async () => {
    const issues = await issuesOf({
      'Incident-Guide.md':
        '# Incident Guide\n\n**Note** - All incidents involving card data must also be reported to the acquirer.\n\n- **Step** - The duty manager opens a ticket.\n',
      'Branch-Security.md':
        '# Branch Security\n\n**Note** - A vault may only be opened by two keyholders together.\n\n- **Step** - Restart the alarm panel.\n',
    });
    expect(issues).toEqual([]);
  });

  test('a glossary section defines with a colon whatever its gloss opens with; a bold label on a bullet elsewhere does not', async () => {
    // A water utility's glossary and a clinic's policy disagree on "Incident"; decoy: two
    // documents label bullets "**Cost Efficiency**:" about their own subjects.
    const issues = await issuesOf({
      'Asset-Policy.md': [
        '# Asset Policy',
        '',
        '## Definitions',
        '',
        '**Incident**: Unplanned loss of supply to more than fifty connections for over four hours.',
        '',
        '## Benefits',
        '',
        '**Cost Efficiency**: automated meter reading demonstrates:',
        '- fewer site visits',
      ].join('\n'),
      'Clinic-Security-Policy.md': [
        '# Clinic Security Policy',
        '',
        '**Incident**: Any suspected disclosure of a patient record to someone without a care relationship.',
        '',
        '**Cost Efficiency**: one shared records system replaces four ward systems.',
      ].join('\n'),
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:incident']);
  });

  test('decoy: one term defined alike in two documents', async () => {
    const issues = await issuesOf({
      'Glossary.md':
        '# Glossary\n\n* *Waybill*: A document issued by a carrier giving details of a shipment of goods.\n',
      'Export-Procedure.md':
        '# Export Procedure\n\n- **Waybills** - A document issued by the carrier giving details of the shipment of goods.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('two terms given one definition', () => {
  const entry = (term: string, meaning: string) => `* *${term}*: ${meaning}`;
  const settlement =
    'The process of moving funds between the accounts of two banks at the end of the business day, confirmed by the clearing house.';

  test('a bank glossary copies one entry under two terms', async () => {
    const issues = await issuesOf({
      'Key-Definitions.md': [
        '# Key Definitions',
        '',
        entry('Settlement', settlement),
        '',
        entry('Chargeback', settlement),
        '',
        entry('Overdraft', 'An arranged borrowing facility on a current account.'),
      ].join('\n'),
      'Card-Disputes-Procedure.md':
        '# Card Disputes\n\nEvery chargeback is logged within one business day.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toBe('"Settlement" and "Chargeback" share one definition in Key-Definitions.md');
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      entry('Settlement', settlement),
      entry('Chargeback', settlement),
    ]);
  });

  test('a freight glossary and a handbook give two terms one definition', async () => {
    const meaning =
      'A secure area approved by customs where imported goods are stored before duties are paid or the goods are re-exported.';
    const issues = await issuesOf({
      'Glossary.md': `# Glossary\n\n${entry('Bonded Warehouse', meaning)}\n`,
      'Driver-Handbook.md': `# Driver Handbook\n\n- **Cross-Dock** - ${meaning}\n`,
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:shared:bonded warehouse|cross-dock']);
  });

  test('decoy: an abbreviation beside its expansion, and short glosses alike by chance', async () => {
    const meaning =
      'Any information about a customer that identifies them, including name, address, account number and transaction history.';
    const issues = await issuesOf({
      'Key-Definitions.md': [
        '# Key Definitions',
        '',
        entry('CPI', meaning),
        entry('Customer Personal Information', meaning),
        entry('Teller', 'A member of branch staff.'),
        entry('Cashier', 'A member of branch staff.'),
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

describe('classification levels outside the scheme', () => {
  const scheme =
    '# Information Classification Guide\n\nThe three information classifications the council uses are `OFFICIAL`, `SECRET` and `TOP SECRET`.\n';

  test('a council still prescribes markings of the former scheme in capitals', async () => {
    const issues = await issuesOf({
      'Classification-Guide.md': scheme,
      'Email-Policy.md':
        '# Email Policy\n\n- `RESTRICTED`, an older information classification marking, see the Classification Guide.\n',
      'Incident-Plan.md':
        '# Incident Plan\n\nA high-impact incident includes the loss of a significant quantity of RESTRICTED material.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:restricted']);
    const [issue] = issues;
    expect(issue!.quotes.map((q) => q.document)).toEqual([
      'Incident-Plan.md',
      'Classification-Guide.md',
      'Email-Policy.md',
    ]);
    expect(issue!.quotes[0]!.text).toContain('RESTRICTED material');
    expect(issue!.description).toContain('Email-Policy.md itself calls "RESTRICTED" a former marking');
  });

  test('a use deep in a long sentence is quoted from a window that shows it, verbatim', async () => {
    const long =
      'Suppliers send every message about key material, key orders, key returns, key destruction, audit visits, ' +
      'custodian changes, inventory reconciliations, courier bookings, incident reports, loss reports, compromise ' +
      'reports, re-keying schedules, equipment repairs, equipment disposals, account changes, access requests, ' +
      'training records and contact changes by secure e-mail to the custodian team, whatever the marking of the ' +
      'message, whether it is UNCLASSIFIED or up to SECRET.';
    const files = { 'Classification-Guide.md': scheme, 'Crypto-Policy.md': `# Crypto Policy\n\n${long}\n` };
    const issues = await issuesOf(files);
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:unclassified']);
    const quote = issues[0]!.quotes[0]!;
    expect(quote.text).toContain('UNCLASSIFIED');
    expect(files['Crypto-Policy.md'].slice(quote.start, quote.end)).toBe(quote.text);
  });

  test('an insurer lays out its levels in a table with code-formatted names', async () => {
    const issues = await issuesOf({
      'Data-Classification-Standard.md': [
        '# Data Classification Standard',
        '',
        '| Level | Meaning |',
        '|---|---|',
        '| `Public` | Published material |',
        '| `Internal` | Staff only |',
        '| `Confidential` | Policyholder and claims data |',
      ].join('\n'),
      'Claims-Handling-Procedure.md':
        '# Claims Handling\n\nMedical reports attached to a claim are classified as Secret and kept in the restricted claims store.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Classification level "Secret" used in Claims-Handling-Procedure.md is not in the classification scheme',
    ]);
  });

  test('an aged-care provider classifies "into one of four levels:", and a backup procedure handles backups "as PROTECTED information"', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n5.1 All information is classified into one of four levels: Public, Internal, Confidential and Restricted.\n',
      'Backup-Procedure.md':
        '# Backup Procedure\n\n4.3 All backup sets are encrypted and handled as PROTECTED information.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:protected']);
  });

  test('a logistics firm sorts its data "into three categories:" and treats manifests as Restricted', async () => {
    const issues = await issuesOf({
      'Data-Handling-Policy.md':
        '# Data Handling Policy\n\n3.1 Company data is classified into three categories: Public, Internal and Confidential.\n',
      'Customs-Procedure.md':
        '# Customs Procedure\n\nCargo manifests are treated as Restricted and kept in the customs share; invoices are treated as Confidential.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:restricted']);
  });

  test('decoy: a handling caveat of a level, a note about a former marking, and shouted prose', async () => {
    const issues = await issuesOf({
      'Classification-Guide.md': scheme,
      'Data-Sharing-Guide.md':
        '# Data Sharing\n\nPersonal data carries the `SENSITIVE` handling caveat, written as `OFFICIAL-SENSITIVE`.\n\nBulk transfers of OFFICIAL-SENSITIVE data need approval. ALL STAFF MUST read this NOTE.\n',
      'Records-Policy.md': '# Records\n\n- `PROTECTED`, a former marking that is no longer used.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a level designated, and a table that restates the scheme with one level changed', () => {
  const policy =
    '# Information Security Policy\n\n5.1 Information is classified into one of four levels: Public, Internal, Confidential and Restricted.\n';

  test('a water utility designates OT drawings "**OT-Sensitive**"', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': policy,
      'OT-Security-Procedure.md':
        '# OT Security Procedure\n\n5.1 SCADA network diagrams and PLC programs are designated **OT-Sensitive**.\n\n5.3 Printed drawings are shredded on site when no longer needed.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:ot-sensitive']);
    // "no longer needed" says nothing about the label.
    expect(issues[0]!.description).not.toMatch(/former marking/);
  });

  test("a law firm's disposal table per level uses RESTRICTED where the policy has HIGHLY CONFIDENTIAL", async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n| Level | Meaning |\n|---|---|\n| PUBLIC | Approved for release |\n| INTERNAL | Staff only |\n| CONFIDENTIAL | Client matters |\n| HIGHLY CONFIDENTIAL | Named people only |\n',
      'Confidential-Waste-Procedure.md':
        '# Confidential Waste Procedure\n\n| Classification marking | Disposal route |\n|---|---|\n| PUBLIC | Recycling |\n| INTERNAL | Recycling |\n| CONFIDENTIAL | Locked console |\n| RESTRICTED | Locked console or cross-cut shredder |\n\nFor HIGHLY CONFIDENTIAL matters, printing is switched off.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:restricted']);
  });

  test('decoy: "designated Controlled Areas" and "designated as the Data Protection Officer" name no level', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': policy,
      'Physical-Security-Procedure.md':
        '# Physical Security Procedure\n\nServer rooms are designated Controlled Areas. The Head of Legal is designated as the Data Protection Officer.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a scheme table laid out one cell per line (a Word or PDF table)', () => {
  const laidOut = (levels: string[]) =>
    [
      '# Information Security Policy',
      '',
      '5.1 All information is classified at one of four levels.',
      '',
      'Level',
      '',
      'Meaning',
      '',
      ...levels.flatMap((l) => [l, '', `What ${l.toLowerCase()} means.`, '']),
    ].join('\n');

  test('a distiller marks its OT procedure RESTRICTED, a level the four-level table lacks', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': laidOut([
        'PUBLIC',
        'INTERNAL',
        'CONFIDENTIAL',
        'HIGHLY CONFIDENTIAL',
      ]),
      'OT-Security-Procedure.md':
        '# OT Security Procedure\n\nClassification RESTRICTED\n\n4.3 OT network diagrams and PLC programs are RESTRICTED.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:restricted']);
  });

  test('a clinic labels referral letters "Sensitive", a level its three-level table lacks; decoy: a level the table has', async () => {
    const issues = await issuesOf({
      'Data-Classification-Policy.md': laidOut(['PUBLIC', 'INTERNAL', 'CONFIDENTIAL']),
      'Referral-Procedure.md':
        '# Referral Procedure\n\nReferral letters are labelled Sensitive. Clinic rotas are classified as Internal.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:sensitive']);
  });
});

test('an aircraft maintainer\'s policy defines each level after a colon; the data protection policy\'s "Strictly Confidential" is outside it', async () => {
  const issues = await issuesOf({
    'Information-Security-Policy.md': [
      '# Information Security Policy',
      '',
      '5.1 Information is classified at one of four levels:',
      '',
      'Public: approved for release outside the company.',
      '',
      'Internal: for staff and contractors.',
      '',
      'Confidential: personal data and contracts.',
      '',
      'Restricted: credentials and airworthiness data.',
    ].join('\n'),
    'Data-Protection-Policy.md':
      '# Data Protection Policy\n\n4.2 HR files are classified as Strictly Confidential.\n',
  });
  expect(issues.map((i) => i.subject)).toEqual(['term:classification:strictly confidential']);
});

describe('a company name in capitals is no classification level', () => {
  const scheme =
    '# Information Classification Guide\n\nThe three information classifications the trust uses are `OFFICIAL`, `SECRET` and `TOP SECRET`.\n';

  test('a pilotage contract and a care-home agreement name their counterparty "... LIMITED": no finding', async () => {
    const issues = await issuesOf({
      'Classification-Guide.md': scheme,
      'Pilotage-Contract.md':
        '# Pilotage Contract\n\nThis contract is between the port authority and HARBOUR PILOTS LIMITED, whose pilots hold OFFICIAL passes.\n',
      'Care-Agreement.md':
        '# Care Agreement\n\nResident records are shared with BRIGHTWATER CARE HOMES LIMITED under this agreement.\n',
    });
    expect(issues).toEqual([]);
  });

  test('a file marked LIMITED, a level the scheme lacks, is still reported', async () => {
    const issues = await issuesOf({
      'Classification-Guide.md': scheme,
      'Tender-Procedure.md':
        '# Tender Procedure\n\nBid scores are kept in a folder marked LIMITED until award.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:limited']);
  });
});

describe('examples headed with another level', () => {
  const guide = (publicExamples: string) =>
    [
      '# Research Data Classification',
      '',
      'Research data is classified as one of the following levels:',
      '',
      '- **Public**: cleared for publication',
      '- **Internal**: for university staff',
      '- **Confidential**: identifiable participant data',
      '',
      '**Internal** data is shared among staff and students of the department.',
      '',
      '*Examples of Internal data*',
      '',
      '- Lab rotas',
      '',
      '**Public** data has been cleared for release by the principal investigator.',
      '',
      publicExamples,
      '',
      '- Published datasets',
    ].join('\n');

  test('a university heads its Public examples as Internal', async () => {
    const issues = await issuesOf({
      'Research-Data-Classification.md': guide('*Examples of Internal data*'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Examples of "Public" information in Research-Data-Classification.md are headed as "Internal"',
    ]);
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      '**Public** data has been cleared for release by the principal investigator.',
      '*Examples of Internal data*',
    ]);
  });

  test('a law firm heads its Confidential examples as Public', async () => {
    const issues = await issuesOf({
      'Matter-Information-Standard.md': [
        '# Matter Information Standard',
        '',
        '| Level | Meaning |',
        '|---|---|',
        '| Public | Published judgments and marketing |',
        '| Internal | Firm know-how |',
        '| Confidential | Client matter files |',
        '',
        '#### Confidential',
        '',
        'Client matter files are only opened by the matter team.',
        '',
        'Example Public information:',
        '',
        '- Draft pleadings and witness statements',
      ].join('\n'),
    });
    expect(issues.map((i) => i.subject)).toEqual([
      'term:classification:examples:Matter-Information-Standard.md:confidential',
    ]);
  });

  test('decoy: headings that name their own level, and an example line naming two levels', async () => {
    const issues = await issuesOf({
      'Research-Data-Classification.md': guide('*Examples of Public data (formerly Internal)*'),
    });
    expect(issues).toEqual([]);
  });
});

describe("a register's or schedule's classification column", () => {
  const scheme = [
    '# Information Security Policy',
    '',
    '4.1 All information is classified into one of the following levels:',
    '',
    '| Level | Description |',
    '|---|---|',
    '| Public | Approved for release. |',
    '| Internal | For staff use. |',
    '| Confidential | Material harm if disclosed. |',
    '| Strictly Confidential | Severe harm if disclosed. |',
  ].join('\n');

  test('a bank\'s retention schedule puts card data at "Restricted", a level the scheme lacks', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': scheme,
      'Retention-Schedule.md':
        '# Retention Schedule\n\n| Ref | Record | Owner | Classification | Retention |\n|---|---|---|---|---|\n| R01 | Customer files | Head of Operations | Confidential | 10 years |\n| R02 | Card numbers in the card system | Head of Cards | Restricted | 24 months |\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:restricted']);
  });

  test('a logistics firm\'s asset register marks route plans "Sensitive" in its "Data classification" column', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': scheme,
      'Asset-Register.md':
        '# Asset Register\n\n| Asset | Owner | Data classification |\n|---|---|---|\n| Route planner | Fleet Manager | Sensitive |\n| Payroll | Finance Manager | Strictly Confidential |\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['term:classification:sensitive']);
  });

  test('decoy: every row at a level of the scheme, and an owner column that names no level', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': scheme,
      'Asset-Register.md':
        '# Asset Register\n\n| Asset | Owner | Classification |\n|---|---|---|\n| Route planner | Restricted Goods Manager | Internal |\n| Payroll | Finance Manager | Strictly Confidential |\n',
    });
    expect(issues).toEqual([]);
  });
});
