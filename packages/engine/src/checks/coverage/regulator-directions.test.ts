// Coverage elements of two sector rules kept as data: India's CERT-In Directions (clocks synchronised
// with NIC or NPL time, incidents reported in six hours, logs kept 180 days) and the US DSCSA
// (suspect and illegitimate drug product). Fixtures: a solar contractor and a payments start-up
// under CERT-In, a drug wholesaler and a pharmacy chain under DSCSA; decoys: the statements that
// meet each duty, and the same sets under a framework without it.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor } from '../../analyst/frameworks';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';

async function gaps(files: Record<string, string>, frameworks: string[]) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).map((i) => i.subject);
}

const CERT_IN = ['CERT-In Directions of 28 April 2022 (incident reporting)'];
const DSCSA = ['Drug Supply Chain Security Act (DSCSA)'];

describe('CERT-In Directions', () => {
  test.each([
    [
      'a solar contractor',
      '6.5 Cyber security incidents shall be reported to CERT-In within six (6) hours of noticing them.\n\n6.2 Logs of all ICT systems are retained for 180 days within India.',
    ],
    [
      'a payments start-up',
      '4.1 The Security Lead reports any incident listed by CERT-In within 6 hours.\n\n4.3 Application and firewall logs are kept for 180 days on servers in Mumbai.',
    ],
  ])('%s: clocks never said to follow NIC or NPL time', async (_label, body) => {
    const found = await gaps(
      { 'Information-Security-Policy.md': `# Information Security Policy\n\n${body}\n` },
      CERT_IN,
    );
    expect(found).toContain('coverage:certin_clock_synchronisation');
    expect(found).not.toContain('coverage:certin_six_hour_reporting');
    expect(found).not.toContain('coverage:certin_log_retention');
  });

  test('decoys: clocks synchronised with the NTP servers of NPL; the same policy under ISO 27001 alone', async () => {
    const policy = {
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 Incidents are reported to CERT-In within six hours.\n\n6.6 All servers and OT devices synchronise their clocks with the NTP servers of NPL.\n\n6.2 Logs are kept for 180 days.\n',
    };
    expect(await gaps(policy, CERT_IN)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/certin/)]),
    );
    // A longer period keeps the 180 days too.
    expect(
      await gaps(
        {
          'Information-Security-Policy.md':
            '# Information Security Policy\n\n7.2 Logs are retained for a minimum of one year, held within India.\n',
        },
        CERT_IN,
      ),
    ).not.toContain('coverage:certin_log_retention');
    expect(
      await gaps({ 'Information-Security-Policy.md': '# Information Security Policy\n\nLogs are kept.\n' }, [
        'ISO 27001',
      ]),
    ).toEqual(expect.not.arrayContaining([expect.stringMatching(/certin/)]));
  });
});

describe('DSCSA', () => {
  test.each([
    [
      'a drug wholesaler',
      'Transaction information required by the DSCSA is kept for six years. Customer licences are verified before the first order.',
    ],
    [
      'a pharmacy chain',
      'Each store receives product only from authorized trading partners and keeps the transaction history.',
    ],
  ])('%s: no word of suspect or illegitimate product', async (_label, body) => {
    expect(await gaps({ 'Supply-Chain-Policy.md': `# Supply Chain Policy\n\n${body}\n` }, DSCSA)).toContain(
      'coverage:dscsa_suspect_product',
    );
  });

  test('decoy: suspect product quarantined and investigated', async () => {
    expect(
      await gaps(
        {
          'Supply-Chain-Policy.md':
            '# Supply Chain Policy\n\n7.1 Suspect product is quarantined at once and investigated by the Compliance Manager; illegitimate product is reported to FDA within 24 hours.\n',
        },
        DSCSA,
      ),
    ).not.toContain('coverage:dscsa_suspect_product');
  });
});
