// Unresolved template placeholders, on fixtures in two industries' wording (a dental practice
// group and a freight forwarder), with decoys that look like brackets or blanks but are not
// placeholders.
import { runCheck } from '../../../test/helpers/check-harness';
import { findPlaceholders } from './placeholders';
import { placeholderCheck } from '.';

const candidates = (files: Record<string, string>) => runCheck(placeholderCheck, files);

describe('findPlaceholders', () => {
  test.each([
    ['Report suspected breaches to the hotline at {{incidentHotline}}.', ['{{incidentHotline}}']],
    ['Patient records are kept for [Number, e.g., 7] years.', ['[Number, e.g., 7]']],
    ['Shipments are reconciled [weekly/monthly] by the depot lead.', ['[weekly/monthly]']],
    ['The Data Protection Officer is <insert name and e-mail>.', ['<insert name and e-mail>']],
    ['Escalate to the [COMPANY NAME] duty manager.', ['[COMPANY NAME]']],
    ['Owner: TBD', ['TBD']],
    ['## Key rotation\n\n> To Be Decided', ['To Be Decided']],
    ['Customs holds are released within XX business days.', ['XX business days']],
    ['The fee is [●] per consignment.', ['[●]']],
    [
      'Bonded stores are [list all bonded warehouses and the customs authority approving each of them].',
      ['[list all bonded warehouses and the customs authority approving each of them]'],
    ],
    [
      'Regulator liaison: [Insert name, designation and mobile number of the nominated liaison officer]',
      ['[Insert name, designation and mobile number of the nominated liaison officer]'],
    ],
    ['Date of last fire drill: DD/MM/YYYY', ['DD/MM/YYYY']],
    [
      'On-call cover: [describe how the theatre coordinator is reached outside normal clinic hours].',
      ['[describe how the theatre coordinator is reached outside normal clinic hours]'],
    ],
  ])('finds the placeholder in %j', (text, expected) => {
    expect(findPlaceholders(text).map((p) => p.text)).toEqual(expected);
  });

  test.each([
    'See the [retention schedule](https://intranet.example/retention) for details.',
    'As stated in the guidance [1], records are kept for six years.',
    '- [x] Backup verified  - [ ] Restore tested',
    'The patient said the dose was "twice daily" [sic] at intake.',
    'Couriers are chosen from the approved panel [List of approved couriers, maintained by procurement].',
    'Smith v Jones [2019] EWCA Civ 12 sets the standard of care.',
    'Access is granted by the system owner within 5 business days.',
    // Date-format legends say how dates are written, they leave nothing open (two industries).
    'Dates in this manual follow the European convention DD/MM/YYYY.',
    'Date format | DD/MM/YYYY',
    'Depot: NORTH YARD   Sheet no: 2026/114   Dates: DD/MM/YYYY',
    'Sample collected (DD/MM/YYYY): 04/03/2026',
    // A numbering scheme explained, not a blank (two industries).
    'Documents are numbered LMT-<system>-<type>-<number>, where system is the product line.',
    'Work orders are numbered WO-<year>/<number> by the maintenance planner.',
    // A defanged address and a diagram's node label (two industries).
    'Use a shared mailbox such as webadmin@council[.]gov.uk for the registrar.',
    '```mermaid\nflowchart LR\n  CLAIM --> C1[Claims Operations]\n```',
    'The carrier (a third party) handles last-mile delivery.',
    'Use the [Freight Booking] screen to enter the consignment.',
  ])('finds no placeholder in the decoy %j', (text) => {
    expect(findPlaceholders(text)).toEqual([]);
  });

  test('the organisation name is an identity placeholder; a contact is a value', () => {
    const kinds = findPlaceholders(
      '{{companyFullName}} staff call {{securityContactPhone}} or [Company Name].',
    ).map((p) => p.kind);
    expect(kinds).toEqual(['identity', 'value', 'identity']);
  });
});

describe('the placeholder check', () => {
  const files = {
    'Clinical-Records-Policy.txt': [
      '# Clinical Records Policy',
      '',
      '{{companyShortName}} keeps dental records securely.',
      '',
      'Patient records are retained for [Number, e.g., 10] years after the last appointment.',
      '',
      'Suspected breaches must be reported to {{privacyOfficerEmail}} within 24 hours.',
    ].join('\n'),
    'Freight-Security-Procedure.txt': [
      '# Freight Security Procedure',
      '',
      'The {{companyShortName}} depot lead seals each trailer before dispatch.',
      '',
      'Seal numbers are checked against the manifest at every hand-over.',
    ].join('\n'),
    'Warehouse-Access-Standard.md': [
      '# Warehouse Access Standard',
      '',
      'Badges are revoked within 1 business day of a leaver notice.',
      '',
      'See the [visitor log](https://intranet.example/visitors) and note [1].',
    ].join('\n'),
  };

  test('one value finding per document, one identity finding for the corpus, none for clean documents', async () => {
    const { analysis, candidates: found, verdict: verdictOn } = await candidates(files);
    expect(found.map((c) => c.key).sort()).toEqual([
      'placeholder:Clinical-Records-Policy.txt',
      'placeholder:identity',
    ]);
    const value = found.find((c) => c.key === 'placeholder:Clinical-Records-Policy.txt')!;
    expect(value.severity).toBe('medium');
    const { issues } = verdictOn(value.params);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('[Number, e.g., 10]');
    expect(issues[0]!.description).toContain('{{privacyOfficerEmail}}');
    for (const quote of issues[0]!.quotes) {
      const text = analysis.byName.get(quote.document)!.text;
      expect(text.slice(quote.start, quote.end)).toBe(quote.text);
    }
    const identity = verdictOn(found.find((c) => c.key === 'placeholder:identity')!.params).issues[0]!;
    expect(new Set(identity.quotes.map((q) => q.document))).toEqual(
      new Set(['Clinical-Records-Policy.txt', 'Freight-Security-Procedure.txt']),
    );
  });

  test('a verdict that does not see the placeholders asks for them by their words', async () => {
    const { analysis, candidates: found } = await candidates(files);
    const value = found.find((c) => c.key === 'placeholder:Clinical-Records-Policy.txt')!;
    const clean = analysis.byName.get('Warehouse-Access-Standard.md')!.segments;
    const verdict = placeholderCheck.verdict(value.params, {
      analysis,
      chunks: [],
      segments: clean,
      visible: new Set(clean),
      facts: [],
      citations: [],
      frameworks: [],
      documents: ['Clinical-Records-Policy.txt'],
    });
    expect(verdict.issues).toEqual([]);
    expect(verdict.hints?.length).toBeGreaterThan(0);
    expect(verdict.hints![0]!.document).toBe('Clinical-Records-Policy.txt');
  });
});

test('a Markdown template source: its template-engine tags are filled by its build, a bracketed field is not (decoy and finding)', async () => {
  const { candidates: found, verdict: verdictOn } = await candidates({
    'Port-Security-Plan.md': [
      '# Port Security Plan',
      '',
      '{{companyShortName}} screens every container; see {% link procedures/screening.md %}.',
      '',
      'Seal discrepancies are reported to {{portSecurityEmail}} within 2 hours.',
    ].join('\n'),
    'Pharmacy-Access-Standard.md': [
      '# Pharmacy Access Standard',
      '',
      'Controlled-drug cabinets are audited every [Number, e.g., 7] days by {{pharmacistInCharge}}.',
    ].join('\n'),
  });
  expect(found.map((c) => c.key)).toEqual(['placeholder:Pharmacy-Access-Standard.md']);
  const [issue] = verdictOn(found[0]!.params).issues;
  expect(issue!.description).toContain('[Number, e.g., 7]');
  // The tag is quoted where the placeholder stands, never listed as one.
  expect(issue!.title).not.toContain('{{pharmacistInCharge}}');
  expect(issue!.description).toMatch(/belongs \(\[Number, e\.g\., 7\]\), in "Controlled-drug cabinets/);
});

describe('blank forms a document reproduces on purpose', () => {
  test('an appendix form and a contract exhibit "Form of Work Order" hold fields, not unfinished drafting; the body still counts', async () => {
    const { candidates: found, verdict: verdictOn } = await candidates({
      'OT-Security-Procedure.md': [
        '# OT Security Procedure',
        '',
        '7.2 Vendor sessions are requested one working day in advance.',
        '',
        '## Appendix B – Visitor and Contractor Site Access Form',
        '',
        '1. Visitor name: [print name]',
        '',
        '2. Visitor company: [company]',
        '',
        '3. Host: [host name and role]',
      ].join('\n'),
      'Master-Services-Agreement.md': [
        '# Master Services Agreement',
        '',
        '12.1 The Supplier shall notify the Client within [number] hours of a security incident.',
        '',
        'EXHIBIT A — FORM OF WORK ORDER',
        '',
        'Work Order No. [____] under this Agreement.',
      ].join('\n'),
    });
    expect(found.map((c) => c.documents)).toEqual([['Master-Services-Agreement.md']]);
    const [issue] = verdictOn(found[0]!.params).issues;
    expect(issue!.title).toContain('[number]');
    expect(issue!.title).not.toContain('[____]');
  });

  test('an empty checkbox read from a scanned form is no placeholder', () => {
    expect(findPlaceholders('ID verified against original: [x] Yes [_] No')).toEqual([]);
  });
});

describe('what reads like a placeholder but is not one', () => {
  test('a shortcut Markdown reference link whose label the document defines is a link (two industries), an undefined one is still a placeholder', async () => {
    const { candidates: found, verdict: verdictOn } = await candidates({
      'Claims-Handling-Standard.md': [
        '# Claims Handling Standard',
        '',
        'Adjusters upload photographs to the [CLMS] portal within 2 business days.',
        '',
        '[CLMS]: https://claims.example/portal',
      ].join('\n'),
      'Cold-Chain-Procedure.md': [
        '# Cold Chain Procedure',
        '',
        'Temperature loggers are read with the [acme/logger-reader] tool after every trip.',
        '',
        'Excursions must be reported to [COMPANY NAME] quality within 4 hours.',
        '',
        '[acme/logger-reader]: https://github.com/acme/logger-reader',
      ].join('\n'),
    });
    expect(found.map((c) => c.key)).toEqual(['placeholder:identity']);
    const [issue] = verdictOn(found[0]!.params).issues;
    expect(issue!.title).toContain('[COMPANY NAME]');
    expect(issue!.title).not.toContain('[acme/logger-reader]');
    expect(findPlaceholders('Adjusters use the [CLMS] portal.').map((p) => p.text)).toEqual(['[CLMS]']);
  });

  test.each([
    // an authoring instruction: "to be defined" is what the author must do, not a value left open
    "Review dates need to be defined in each procedure's front matter before publication.",
    'Dosage units have to be confirmed by the dispensing pharmacist before the label prints.',
    // a handling marking whose owner is named when it is applied
    'Label the ward export `[AGENCY] USE ONLY` before it leaves the hospital.',
    'Tender papers carry the caveat [COMPANY NAME] EYES ONLY until award.',
    // a ticket or incident number, an identifier already filled in
    'The outage was logged as [INC0012345] and closed by the service desk.',
    'Rollback of the dispensing release is tracked in [CHG-2291].',
  ])('finds no placeholder in %j', (text) => {
    expect(findPlaceholders(text)).toEqual([]);
  });

  test("a sample command's arguments are typed by the reader, not left open by the organisation (two industries)", async () => {
    const { candidates: found } = await candidates({
      'Instrument-Export-HowTo.md': [
        '# Exporting chromatography results',
        '',
        'Copy the run file to the archive share with `scp [SAMPLE-ID].cdf archive:/runs/`.',
        '',
        '```sh',
        'lims-export --batch [BATCH NUMBER] --signer "[YOUR NAME]"',
        '```',
      ].join('\n'),
      'Till-Key-Setup.md': [
        '# Setting up a till signing key',
        '',
        '~~~',
        'ssh-keygen -t ed25519 -C "[STORE NUMBER]@tills.example"',
        '~~~',
        '',
        'Store managers send the public key to [SECURITY CONTACT] within 2 days.',
      ].join('\n'),
    });
    // Only the prose placeholder beside the code is one.
    expect(found.map((c) => c.documents)).toEqual([['Till-Key-Setup.md']]);
    // A message template set in a fence is prose: its field is still open.
    const notice = [
      '```',
      'To: Site security',
      'Subject: Badge audit',
      '',
      'Attach the export to [TICKET LINK] by Friday.',
      '```',
    ];
    expect(findPlaceholders(notice.join('\n')).map((p) => p.text)).toEqual(['[TICKET LINK]']);
    expect(
      findPlaceholders('Run `deploy --env [ENVIRONMENT]` after approval by [CHANGE OWNER].').map(
        (p) => p.text,
      ),
    ).toEqual(['[CHANGE OWNER]']);
  });

  test.each([
    ['Privileged access is reviewed periodically (cadence to be defined).', ['to be defined']],
    ['The recall notice period is to be confirmed.', ['to be confirmed']],
    ['[COMPANY NAME] staff report spills to the site lead.', ['[COMPANY NAME]']],
    ['Log the outage as [INCIDENT NUMBER] in the register.', ['[INCIDENT NUMBER]']],
  ])('still finds the placeholder in %j', (text, expected) => {
    expect(findPlaceholders(text).map((p) => p.text)).toEqual(expected);
  });
});

test('a placeholder made only of marks is asked for with the words around it, which retrieval can find (two industries)', async () => {
  const found = await candidates({
    'Haulage-Agreement.md':
      '# Haulage Agreement\n\n## Schedule 2 Service credits\n\nService credit for each missed delivery window: [●]% of the monthly fee.\n',
    'Clinic-Services-Agreement.md':
      "# Clinic Services Agreement\n\n## 9 Liability\n\nThe supplier's liability is capped at [___] per claim year.\n",
  });
  const questions = found.candidates.map(
    (c) => placeholderCheck.question(c.params, { documents: c.documents } as never).query,
  );
  expect(questions).toEqual([
    expect.stringMatching(/\[●\].*Service credit for each missed delivery window/),
    expect.stringMatching(/\[___\].*liability is capped/),
  ]);
});

test('a control register row whose owner and frequency are left to be confirmed: the finding names the row', async () => {
  for (const [file, row] of [
    ['Security-Policy.md', '| SEC-C11 | Restore testing of backups | TBC | TBC |'],
    ['Food-Safety-Policy.md', '| FS-07 | Calibration of probe thermometers | [Owner] | TBD |'],
  ] as const) {
    const { candidates: found, verdict: verdictOn } = await candidates({
      [file]: [
        '# Control register',
        '',
        '| Control | Name | Owner | Frequency |',
        '| --- | --- | --- | --- |',
        row,
      ].join('\n'),
    });
    const [issue] = verdictOn(found[0]!.params).issues;
    expect(issue!.description).toContain(row.split('|')[2]!.trim());
  }
});
