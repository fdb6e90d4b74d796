// Standards and regulations cited by edition, and the table of editions that superseded them.
// A citation of a superseded edition is a currency finding; one standard cited in two editions
// across the corpus is a consistency finding.
import { blankEmphasis } from '../text/normalize';

export interface StandardFamily {
  id: string;
  name: string;
  /** Finds a citation; group 1 (when present) is the edition as written. */
  pattern: RegExp;
  /** Normalises the written edition to a comparable key ("4", "2013", "3.2.1"). */
  edition(written: string): string | null;
  current: string;
  currentLabel: string;
  /** When the current edition was published (a fact shown in findings). */
  currentSince: string;
  /** Editions known to be superseded. */
  superseded: string[];
  /**
   * When a superseded edition stopped being current (ISO date), where it matters: a corpus dated
   * before that day cites it correctly. Editions without a date are judged superseded always.
   */
  retiredOn?: Record<string, string>;
  /** A protocol version ("TLS 1.1") is a configuration floor, not a cited edition. */
  protocol?: boolean;
  /**
   * Superseded editions that a regulation still requires, where the set cites that regulation: the
   * edition is the one to follow there, not a stale reference.
   */
  requiredWhere?: Array<{ edition: string; regulation: RegExp; basis: string }>;
}

const digits = (written: string) => written.match(/\d+(?:\.\d+)*/)?.[0] ?? null;

function isoFamily(
  id: string,
  name: string,
  number: string,
  current: string,
  currentLabel: string,
  currentSince: string,
  superseded: string[],
  retiredOn?: Record<string, string>,
): StandardFamily {
  return {
    retiredOn,
    id,
    name,
    pattern: new RegExp(
      `\\bISO(?:\\/IEC)?\\s*${number}\\s*(?::\\s*((?:19|20)\\d\\d)|\\(((?:19|20)\\d\\d)\\)|,?\\s+((?:19|20)\\d\\d)\\s+edition)?`,
      'gi',
    ),
    edition: digits,
    current,
    currentLabel,
    currentSince,
    superseded,
  };
}

/**
 * How a NIST Special Publication is named before its number: "NIST SP", "Special Publication (SP)",
 * NIST's own document identifier ("NIST.SP.800-61r2"), or a path on a nist.gov site
 * ("nvd.nist.gov/800-53/Rev4/...").
 */
const NIST_SP_PREFIX = String.raw`(?:NIST\s*\.?\s*(?:SP\s*\.?\s*|Special\s+Publication\s*(?:\(SP\)\s*)?)?|SP\s*|Special\s+Publication\s*(?:\(SP\)\s*)?|nist\.gov\/(?:[\w.-]+\/){0,4})`;
/** The number ends: no further digit and no letter but the "r" of a revision ("800-53A" is another publication). */
const NIST_NUMBER_END = String.raw`(?![\dA-QS-Z])`;
/** Its revision: "Rev. 2", "Revision 1", "r2", or a path segment "/Rev4". */
const NIST_REVISION = String.raw`(?:,\s*)?(?:Rev(?:ision)?\.?\s*(\d)|r(\d)|\/Rev(\d))?`;

/** A NIST Special Publication cited by revision ("SP 800-37 Rev. 2", "NIST 800-66r1"). */
function nistFamily(
  number: string,
  current: string,
  currentSince: string,
  superseded: string[],
  retiredOn?: Record<string, string>,
): StandardFamily {
  const escaped = number.replace(/-/g, '\\-');
  return {
    id: `nist-${number.toLowerCase()}`,
    name: `NIST SP ${number}`,
    pattern: new RegExp(`\\b${NIST_SP_PREFIX}${escaped}${NIST_NUMBER_END}\\s*${NIST_REVISION}`, 'gi'),
    edition: digits,
    current,
    currentLabel: `NIST SP ${number} Revision ${current}`,
    currentSince,
    superseded,
    retiredOn,
  };
}

/** A FIPS publication cited by its dash number ("FIPS 186-4"). */
function fipsFamily(
  number: string,
  current: string,
  currentSince: string,
  superseded: string[],
  retiredOn?: Record<string, string>,
): StandardFamily {
  return {
    id: `fips-${number}`,
    name: `FIPS ${number}`,
    pattern: new RegExp(`\\bFIPS\\s*(?:PUB\\s*)?${number}-(\\d)`, 'gi'),
    edition: digits,
    current,
    currentLabel: `FIPS ${number}-${current}`,
    currentSince,
    superseded,
    retiredOn,
  };
}

export const STANDARD_FAMILIES: StandardFamily[] = [
  // NIST Special Publications that are revised in place: an older revision is withdrawn when
  // the new one is final.
  nistFamily('800-30', '1', 'September 2012', ['0'], { '0': '2012-09-17' }),
  nistFamily('800-34', '1', 'May 2010', ['0'], { '0': '2010-05-01' }),
  nistFamily('800-37', '2', 'December 2018', ['1'], { '1': '2018-12-20' }),
  nistFamily('800-40', '4', 'April 2022', ['1', '2', '3'], { '3': '2022-04-06' }),
  nistFamily('800-50', '1', 'September 2024', ['0'], { '0': '2024-09-26' }),
  nistFamily('800-53A', '5', 'January 2022', ['1', '2', '3', '4'], { '4': '2022-01-25' }),
  nistFamily('800-66', '2', 'February 2024', ['1'], { '1': '2024-02-14' }),
  nistFamily('800-82', '3', 'September 2023', ['1', '2'], { '2': '2023-09-28' }),
  nistFamily('800-171A', '3', 'May 2024', ['1', '2'], { '2': '2024-05-14' }),
  fipsFamily('180', '4', 'August 2015', ['1', '2', '3'], { '3': '2015-08-04' }),
  fipsFamily('186', '5', 'February 2023', ['1', '2', '3', '4'], { '4': '2023-02-03' }),
  fipsFamily('197', '197', 'November 2001', []),
  {
    id: 'cvss',
    name: 'CVSS',
    // Only "CVSS v3.1" / "CVSS version 2": a bare "CVSS 7.0" is a score, not an edition.
    pattern: /\bCVSS\s*(?:v|version\s*)\.?\s*(\d(?:\.\d)?)\b/gi,
    edition: (w) => (digits(w) === '2' ? '2.0' : digits(w)),
    current: '4.0',
    currentLabel: 'CVSS v4.0 (v3.1 still widely accepted)',
    currentSince: 'November 2023',
    // v3.1 stays acceptable: only the retired major versions are stale.
    superseded: ['1.0', '2.0', '3.0'],
    retiredOn: { '2.0': '2015-06-10', '3.0': '2019-06-17' },
  },
  isoFamily('iso-19011', 'ISO 19011', '19011', '2018', 'ISO 19011:2018', 'July 2018', ['2002', '2011'], {
    '2011': '2018-07-01',
    '2002': '2011-11-15',
  }),
  isoFamily('iso-45001', 'ISO 45001', '45001', '2018', 'ISO 45001:2018', 'March 2018', []),
  isoFamily('iso-50001', 'ISO 50001', '50001', '2018', 'ISO 50001:2018', 'August 2018', ['2011'], {
    '2011': '2018-08-21',
  }),
  isoFamily('iso-13485', 'ISO 13485', '13485', '2016', 'ISO 13485:2016', 'March 2016', ['2003'], {
    '2003': '2016-03-01',
  }),
  isoFamily('iso-17025', 'ISO/IEC 17025', '17025', '2017', 'ISO/IEC 17025:2017', 'November 2017', ['2005'], {
    '2005': '2017-11-29',
  }),
  isoFamily('iso-27799', 'ISO 27799', '27799', '2016', 'ISO 27799:2016', 'July 2016', ['2008'], {
    '2008': '2016-07-01',
  }),
  isoFamily(
    'iso-20000',
    'ISO/IEC 20000-1',
    '20000(?:-1)?',
    '2018',
    'ISO/IEC 20000-1:2018',
    'September 2018',
    ['2005', '2011'],
    {
      '2011': '2018-09-15',
    },
  ),
  // Re-issued every year: the Nth edition is in force from 1 January of year N + 1959 until the
  // next one replaces it (62nd edition: 2021; 67th: 2026).
  {
    id: 'iata-dgr',
    name: 'IATA Dangerous Goods Regulations',
    pattern:
      /\bIATA\s+(?:Dangerous\s+Goods\s+Regulations|DGR)\b,?\s*(?:\(DGR\)\s*,?\s*)?(\d{2})(?:st|nd|rd|th)\s+edition/gi,
    edition: digits,
    current: '67',
    currentLabel: '67th Edition (2026)',
    currentSince: 'January 2026',
    superseded: Array.from({ length: 17 }, (_, i) => String(50 + i)),
    retiredOn: Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [String(50 + i), `${50 + i + 1960}-01-01`]),
    ),
  },
  {
    id: 'asprs-positional-accuracy',
    name: 'ASPRS Positional Accuracy Standards for Digital Geospatial Data',
    pattern:
      /\bASPRS\s+Positional\s+Accuracy\s+Standards?(?:\s+for\s+Digital\s+Geospatial\s+Data)?,?\s+Edition\s+(\d)\b/gi,
    edition: digits,
    current: '2',
    currentLabel: 'Edition 2',
    currentSince: 'August 2023',
    superseded: ['1'],
    retiredOn: { '1': '2023-08-23' },
  },
  // The BRCGS food safety standard, re-issued whole: Issue 9 (August 2022) replaced Issue 8 for
  // audits from 1 February 2023. Other BRCGS standards (packaging, storage) number their issues
  // apart, so only the food safety one is read.
  {
    id: 'brcgs-food-safety',
    name: 'BRCGS Global Standard for Food Safety',
    pattern:
      /\bBRC(?:GS)?\s+(?:(?:Global\s+)?Standard\s+for\s+Food\s+Safety|Food\s+Safety(?:\s+Standard)?),?\s+Issue\s+(\d{1,2})\b/gi,
    edition: digits,
    current: '9',
    currentLabel: 'Issue 9',
    currentSince: 'August 2022, for audits from 1 February 2023',
    superseded: ['5', '6', '7', '8'],
    retiredOn: { '6': '2015-07-01', '7': '2019-02-01', '8': '2023-02-01' },
  },
  // The WHO's drinking-water guidelines: the fourth edition (2011, since re-published with its
  // addenda in 2017 and 2022) replaced the third (2004).
  {
    id: 'who-gdwq',
    name: 'WHO Guidelines for Drinking-water Quality',
    pattern:
      /\bGuidelines\s+for\s+Drinking[-\s]water\s+Quality,?\s*\(?((?:1st|2nd|3rd|4th|first|second|third|fourth))\s+edition\b/gi,
    edition: (written) =>
      ({ '1st': '1', first: '1', '2nd': '2', second: '2', '3rd': '3', third: '3', '4th': '4', fourth: '4' })[
        written.toLowerCase()
      ] ?? null,
    current: '4',
    currentLabel: 'fourth edition incorporating the first and second addenda',
    currentSince: 'July 2011, addenda 2017 and 2022',
    superseded: ['1', '2', '3'],
    retiredOn: { '3': '2011-07-04' },
  },
  // The US Army Corps of Engineers' safety manual, republished whole: the 2024 edition replaced
  // the 2014 one (itself after 2008 and 2003).
  {
    id: 'usace-em-385-1-1',
    name: 'USACE EM 385-1-1',
    pattern:
      /\bEM\s*385-1-1\b(?:,?\s*(?:Safety\s+and\s+Health\s+Requirements\s+Manual\s*)?,?\s*\(?\s*(?:(?:\d{1,2}\s+)?[A-Z][a-z]+\s+)?((?:19|20)\d\d)(?:\s+edition)?\)?)?/gi,
    edition: digits,
    current: '2024',
    currentLabel: 'EM 385-1-1 (2024 edition)',
    currentSince: 'March 2024',
    superseded: ['2003', '2008', '2014'],
    retiredOn: { '2003': '2008-09-15', '2008': '2014-11-30', '2014': '2024-03-15' },
  },
  {
    id: 'ohsas-18001',
    name: 'OHSAS 18001',
    pattern: /\b(OHSAS\s*18001)(?::\s*(?:19|20)\d\d)?/gi,
    edition: () => 'ohsas',
    current: 'iso45001',
    currentLabel: 'ISO 45001:2018',
    currentSince: 'March 2018 (OHSAS 18001 withdrawn March 2021)',
    superseded: ['ohsas'],
    retiredOn: { ohsas: '2021-03-12' },
  },
  {
    id: 'nist-800-53',
    name: 'NIST SP 800-53',
    pattern: new RegExp(`\\b${NIST_SP_PREFIX}800-53${NIST_NUMBER_END}\\s*${NIST_REVISION}`, 'gi'),
    edition: digits,
    current: '5',
    currentLabel: 'Revision 5',
    currentSince: 'September 2020',
    superseded: ['1', '2', '3', '4'],
    retiredOn: { '4': '2020-09-23' },
  },
  {
    id: 'nist-800-171',
    name: 'NIST SP 800-171',
    pattern: new RegExp(`\\b${NIST_SP_PREFIX}800-171${NIST_NUMBER_END}\\s*${NIST_REVISION}`, 'gi'),
    edition: digits,
    current: '3',
    currentLabel: 'Revision 3',
    currentSince: 'May 2024',
    superseded: ['1', '2'],
    retiredOn: { '2': '2024-05-14' },
    requiredWhere: [
      {
        edition: '2',
        // DoD class deviation 2024-O0013 keeps Revision 2 for DFARS 252.204-7012, and CMMC
        // (32 CFR Part 170, December 2024) assesses Level 2 against Revision 2.
        regulation: /\bDFARS\s*(?:clause\s*)?252\.204-70(?:12|19|20)\b|\bCMMC\b/,
        basis: 'DFARS 252.204-7012 (DoD class deviation 2024-O0013) and CMMC Level 2 (32 CFR Part 170)',
      },
    ],
  },
  {
    id: 'nist-800-61',
    name: 'NIST SP 800-61',
    pattern: new RegExp(`\\b${NIST_SP_PREFIX}800-61${NIST_NUMBER_END}\\s*${NIST_REVISION}`, 'gi'),
    edition: digits,
    current: '3',
    currentLabel: 'Revision 3',
    currentSince: 'April 2025',
    superseded: ['1', '2'],
    retiredOn: { '2': '2025-04-03' },
  },
  {
    id: 'iso-27001',
    name: 'ISO/IEC 27001',
    pattern:
      /\bISO(?:\/IEC)?\s*27001\s*(?::\s*((?:19|20)\d\d)|\(((?:19|20)\d\d)\)|,?\s+((?:19|20)\d\d)\s+edition)?/gi,
    edition: digits,
    current: '2022',
    currentLabel: 'ISO/IEC 27001:2022',
    currentSince: 'October 2022',
    superseded: ['2005', '2013'],
    retiredOn: { '2005': '2013-10-01', '2013': '2022-10-25' },
  },
  {
    id: 'iso-27002',
    name: 'ISO/IEC 27002',
    pattern:
      /\bISO(?:\/IEC)?\s*27002\s*(?::\s*((?:19|20)\d\d)|\(((?:19|20)\d\d)\)|,?\s+((?:19|20)\d\d)\s+edition)?/gi,
    edition: digits,
    current: '2022',
    currentLabel: 'ISO/IEC 27002:2022',
    currentSince: 'February 2022',
    superseded: ['2005', '2013'],
    retiredOn: { '2005': '2013-10-01', '2013': '2022-02-15' },
  },
  {
    id: 'pci-dss',
    name: 'PCI DSS',
    pattern:
      /\b(?:PCI[- ]?DSS|Payment\s+Card\s+Industry\s+(?:\(PCI\)\s+)?Data\s+Security\s+Standards?(?:\s*\(PCI[- ]?DSS\))?)\s*[,(]?\s*(?:v(?:ersion)?\.?\s*)?(\d(?:\.\d){1,2})?/gi,
    // v4.0.1 is a limited revision of v4.0: one edition for consistency purposes.
    edition: (w) => {
      const d = digits(w);
      return d && d.startsWith('4.0') ? '4.0' : d;
    },
    current: '4.0',
    currentLabel: 'PCI DSS v4.0.1',
    currentSince: 'v4.0 March 2022, v4.0.1 June 2024; v3.2.1 retired 31 March 2024',
    superseded: ['1.0', '1.1', '1.2', '1.2.1', '2.0', '3.0', '3.1', '3.2', '3.2.1'],
    retiredOn: { '3.2.1': '2024-04-01', '3.2': '2019-01-01', '3.1': '2016-11-01' },
  },
  {
    id: 'nist-csf',
    name: 'NIST Cybersecurity Framework',
    pattern:
      /\b(?:NIST\s+(?:CSF|Cybersecurity\s+Framework)|(?<!HITRUST\s+)Cybersecurity\s+Framework)(?:\s*\(CSF\))?\s*[,(]?\s*(?:v(?:ersion)?\.?\s*)?(\d\.\d)?/gi,
    edition: digits,
    current: '2.0',
    currentLabel: 'NIST CSF 2.0',
    currentSince: 'February 2024',
    superseded: ['1.0', '1.1'],
    retiredOn: { '1.1': '2024-02-26', '1.0': '2018-04-16' },
  },
  {
    id: 'soc2-tsc',
    name: 'AICPA Trust Services Criteria',
    pattern: /\bTrust\s+Services\s+(?:Principles|Criteria)\s*(?:\(?((?:19|20)\d\d)\)?)?/gi,
    edition: digits,
    current: '2017',
    currentLabel: '2017 Trust Services Criteria (revised points of focus 2022)',
    currentSince: '2017',
    superseded: ['2014', '2016'],
  },
  {
    id: 'fips-140',
    name: 'FIPS 140',
    pattern: /\bFIPS\s*(?:PUB\s*)?140-(\d)/gi,
    edition: digits,
    current: '3',
    currentLabel: 'FIPS 140-3',
    currentSince: 'March 2019 (140-2 validations sunset September 2026)',
    superseded: ['1', '2'],
    // CMVP moves every FIPS 140-2 certificate to the historical list on 21 September 2026.
    retiredOn: { '2': '2026-09-22' },
  },
  {
    id: 'tls',
    name: 'TLS',
    // "TLS 1.0", "TLSv1.1", "SSL version 3", "Transport Layer Security (TLS) version 1.0".
    pattern:
      /\b(?:(?:TLS|Transport\s+Layer\s+Security)(?:\s*\(TLS\))?\s*(?:v|version\s*)?(\d\.\d)|SSL\s*(?:v|version\s*)?([23])(?:\.0)?\b)/gi,
    edition: (w) => digits(w),
    current: '1.3',
    currentLabel: 'TLS 1.2 or later',
    currentSince: 'RFC 8996 (2021) deprecated TLS 1.0 and 1.1',
    superseded: ['1.0', '1.1', 'ssl2', 'ssl3'],
    retiredOn: { '1.0': '2021-03-23', '1.1': '2021-03-23' },
    protocol: true,
  },
  isoFamily('iso-22301', 'ISO 22301', '22301', '2019', 'ISO 22301:2019', 'October 2019', ['2012'], {
    '2012': '2019-10-31',
  }),
  isoFamily('iso-27701', 'ISO/IEC 27701', '27701', '2025', 'ISO/IEC 27701:2025', 'October 2025', ['2019'], {
    '2019': '2025-10-14',
  }),
  isoFamily('iso-27018', 'ISO/IEC 27018', '27018', '2019', 'ISO/IEC 27018:2019', 'January 2019', ['2014'], {
    '2014': '2019-01-15',
  }),
  isoFamily(
    'iso-27005',
    'ISO/IEC 27005',
    '27005',
    '2022',
    'ISO/IEC 27005:2022',
    'October 2022',
    ['2008', '2011', '2018'],
    {
      '2018': '2022-10-25',
    },
  ),
  isoFamily(
    'iso-27035',
    'ISO/IEC 27035',
    '27035',
    '2023',
    'ISO/IEC 27035-1:2023',
    'February 2023',
    ['2011'],
    {
      '2011': '2016-11-01',
    },
  ),
  isoFamily('iso-14001', 'ISO 14001', '14001', '2015', 'ISO 14001:2015', 'September 2015', ['1996', '2004'], {
    '2004': '2015-09-15',
  }),
  isoFamily('iso-28000', 'ISO 28000', '28000', '2022', 'ISO 28000:2022', 'March 2022', ['2007'], {
    '2007': '2022-03-01',
  }),
  isoFamily('iso-27017', 'ISO/IEC 27017', '27017', '2015', 'ISO/IEC 27017:2015', 'December 2015', []),
  isoFamily('iso-9001', 'ISO 9001', '9001', '2015', 'ISO 9001:2015', 'September 2015', ['2000', '2008'], {
    '2008': '2015-09-15',
  }),
  isoFamily('iso-31000', 'ISO 31000', '31000', '2018', 'ISO 31000:2018', 'February 2018', ['2009'], {
    '2009': '2018-02-15',
  }),
  {
    id: 'cis-controls',
    name: 'CIS Critical Security Controls',
    pattern: /\bCIS\s+(?:Critical\s+Security\s+)?Controls\s*\(?(?:v(?:ersion)?\.?\s*)?(\d(?:\.\d)?)?/gi,
    // Point releases (v7.1, v8.1) belong to their major version.
    edition: (w) => digits(w)?.split('.')[0] ?? null,
    current: '8',
    currentLabel: 'CIS Controls v8.1',
    currentSince: 'June 2024 (v8 May 2021)',
    superseded: ['6', '7'],
    retiredOn: { '7': '2021-05-18' },
  },
  {
    id: 'owasp-top-10',
    name: 'OWASP Top 10',
    pattern: /\bOWASP\s+Top\s+(?:10|Ten)\s*(?:[:(-]\s*)?((?:19|20)\d\d)?/gi,
    edition: digits,
    current: '2021',
    currentLabel: 'OWASP Top 10:2021 (2025 edition in release)',
    currentSince: 'September 2021',
    superseded: ['2004', '2007', '2010', '2013', '2017'],
    retiredOn: { '2017': '2021-09-24', '2013': '2017-11-20' },
  },
  {
    id: 'ssae',
    name: 'SSAE attestation standard',
    pattern: /\b(?:SSAE\s*(?:No\.?\s*)?(16|18|21)|SAS\s*(70))\b/gi,
    edition: digits,
    current: '18',
    currentLabel: 'SSAE 18 (AT-C 105/205/320)',
    currentSince: 'May 2017 (SSAE 16 and SAS 70 retired)',
    superseded: ['16', '70'],
  },
  {
    id: 'eu-us-transfers',
    name: 'EU-US data transfer framework',
    // "Safe Harbor" alone is as often a legal safe harbour for researchers or HIPAA's
    // de-identification method: only the transfer framework's own names count.
    pattern:
      /\b(?:(?:EU|Swiss)[- ]U\.?S\.?\s+)?(Privacy\s+Shield)\b|\b(?:EU|Swiss|U\.?S\.?)[- ](?:U\.?S\.?|EU)\s+(Safe\s+Harbou?r)\b|\b(Safe\s+Harbou?r)\s+(?:Framework|(?:Privacy\s+)?Principles)\b/gi,
    edition: (w) => w.toLowerCase().replace(/\s+/g, ' '),
    current: 'data privacy framework',
    currentLabel: 'EU-U.S. Data Privacy Framework (or standard contractual clauses)',
    currentSince: 'July 2023 (Privacy Shield invalidated July 2020, Safe Harbor October 2015)',
    superseded: ['privacy shield', 'safe harbor', 'safe harbour'],
  },
  {
    id: 'nist-800-63',
    name: 'NIST SP 800-63',
    pattern:
      /\b(?:NIST\s+(?:SP\s*|Special\s+Publication\s*)?|SP\s*|Special\s+Publication\s*)800-63(?:-(\d)|\s*(?:,\s*)?Rev(?:ision)?\.?\s*(\d))?/gi,
    edition: digits,
    current: '4',
    currentLabel: 'NIST SP 800-63-4',
    currentSince: 'August 2025',
    superseded: ['1', '2', '3'],
    retiredOn: { '2': '2017-06-22', '3': '2025-08-01' },
  },
  {
    id: 'hitrust-csf',
    name: 'HITRUST CSF',
    pattern: /\bHITRUST\s+(?:CSF\s*)?v(?:ersion)?\.?\s*(\d+(?:\.\d+)?)/gi,
    edition: (w) => digits(w)?.split('.')[0] ?? null,
    current: '11',
    currentLabel: 'HITRUST CSF v11',
    currentSince: 'January 2023',
    superseded: ['8', '9'],
    retiredOn: { '9': '2023-01-01' },
  },
  {
    id: 'nist-800-57',
    name: 'NIST SP 800-57 Part 1',
    pattern:
      /\b(?:NIST\s+(?:SP\s*|Special\s+Publication\s*)?|SP\s*|Special\s+Publication\s*)800-57(?:\s*Pt\.?\s*1|\s*Part\s*1)?\s*(?:,\s*)?(?:Rev(?:ision)?\.?\s*(\d)|r(\d))?/gi,
    edition: digits,
    current: '5',
    currentLabel: 'NIST SP 800-57 Part 1 Revision 5',
    currentSince: 'May 2020',
    superseded: ['1', '2', '3', '4'],
    retiredOn: { '4': '2020-05-04' },
  },
  {
    id: 'cobit',
    name: 'COBIT',
    pattern: /\bCOBIT\s*(?:v(?:ersion)?\.?\s*)?(5|4\.1|2019)\b/gi,
    edition: digits,
    current: '2019',
    currentLabel: 'COBIT 2019',
    currentSince: 'November 2018',
    superseded: ['4.1', '5'],
    retiredOn: { '5': '2018-11-01' },
  },
  {
    id: 'itil',
    name: 'ITIL',
    pattern: /\bITIL\s*(?:v(?:ersion)?\s*)?(3|4|2011)\b/gi,
    edition: (w) => (digits(w) === '2011' ? '3' : digits(w)),
    current: '4',
    currentLabel: 'ITIL 4',
    currentSince: 'February 2019',
    superseded: ['3'],
    retiredOn: { '3': '2019-02-18' },
  },
  {
    id: 'eu-data-protection',
    name: 'EU data protection law',
    pattern: /\b(Directive\s+95\/46\/EC|Regulation\s+\(EU\)\s+2016\/679)/gi,
    edition: (w) => (/2016/.test(w) ? 'gdpr' : 'directive'),
    current: 'gdpr',
    currentLabel: 'the GDPR (Regulation (EU) 2016/679)',
    currentSince: '25 May 2018 (Directive 95/46/EC repealed)',
    superseded: ['directive'],
    retiredOn: { directive: '2018-05-25' },
  },
  {
    id: 'eu-nis',
    name: 'EU NIS Directive',
    pattern: /\bDirective\s+\(EU\)\s+(2016\/1148|2022\/2555)|\b(NIS\s*1)\b/gi,
    edition: (w) => (/2022/.test(w) ? 'nis2' : 'nis1'),
    current: 'nis2',
    currentLabel: 'NIS2 (Directive (EU) 2022/2555)',
    currentSince: 'January 2023 (Directive (EU) 2016/1148 repealed 18 October 2024)',
    superseded: ['nis1'],
    retiredOn: { nis1: '2024-10-18' },
  },
  {
    id: 'swift-cscf',
    name: 'SWIFT CSCF',
    // "SWIFT Customer Security Controls Framework (CSCF) v2023", "CSCF v2025"; not a control id
    // ("CSCF 5.1"). SWIFT publishes version YYYY in mid YYYY-1; the attestations made from July to
    // December YYYY are against it, so it is current from July YYYY to June YYYY+1.
    pattern:
      /\b(?:Customer\s+Security\s+Controls\s+Framework\s*(?:\(CSCF\)\s*)?|CSCF\s*)v(?:ersion\s*)?(20\d\d)\b/gi,
    edition: digits,
    current: '2026',
    currentLabel: 'CSCF v2026',
    currentSince: 'July 2025, for the attestations of July to December 2026',
    superseded: ['2021', '2022', '2023', '2024', '2025'],
    retiredOn: {
      '2021': '2022-07-01',
      '2022': '2023-07-01',
      '2023': '2024-07-01',
      '2024': '2025-07-01',
      '2025': '2026-07-01',
    },
  },
];

export interface StandardCitation {
  family: StandardFamily;
  edition: string | null;
  phrase: string;
  index: number;
}

/** "..., dated June 2002", "(published 2010)": the date an unnumbered citation gives its edition. */
const DATED_AFTER =
  /^[^.;]{0,120}?\b(?:dated|published|issued|released)\s+(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d\d)\b/i;

/**
 * A citation without a revision that dates what it cites: the edition current that year, the
 * superseded edition retired first after it (none when the date is of the current edition).
 */
function editionOfDate(family: StandardFamily, after: string): string | null {
  const year = DATED_AFTER.exec(after)?.[1];
  if (!year || !family.retiredOn) return null;
  // Retired after the end of that year: a date in the year of the change could be either edition.
  const end = Date.UTC(Number(year), 11, 31);
  const later = Object.entries(family.retiredOn)
    .filter(([, retired]) => Date.parse(retired) > end)
    .sort(([, a], [, b]) => Date.parse(a) - Date.parse(b));
  return later[0]?.[0] ?? null;
}

/** An edition as compared: "6.0" and "6" are one edition. */
function plainEdition(written: string): string | null {
  return digits(written)?.replace(/(?:\.0)+$/, '') ?? null;
}

function compareEditions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * "NCSC CAF v3.2", "TISAX / VDA ISA 6.0", "HISO 10029:2022": a name and the edition in scope. A
 * bare number is an edition only when short and alone: "DFARS 252.204-7012" is a clause.
 */
const SCOPED_EDITION =
  /^(.*?[A-Za-z0-9])\)?\s*(?:[,(]\s*)?(?:(?:v|version|edition|rev(?:ision)?)\.?\s*(\d+(?:\.\d+)*)|:\s*((?:19|20)\d\d)|\s(\d{1,2}\.\d+(?:\.\d+)*))\b(?!-\d)/i;

/**
 * The standards an engagement's intake scopes by edition that the catalogue does not know
 * ("NCSC CAF v3.2"): the edition named is the one in force for this audit, so a document relying
 * on an earlier one is out of date, whatever the standard. The name is keyed on its last acronym
 * (with a number that follows a body's acronym: "HISO 10029"; with the words that follow it:
 * "CJIS Security Policy"); a name without an acronym is too
 * loose to find again and is left out. Editions earlier than the one in scope are filled in by
 * `scopeEarlierEditions` from what the corpus cites.
 */
export function intakeScopedFamilies(frameworks: readonly string[]): StandardFamily[] {
  const out: StandardFamily[] = [];
  for (const framework of frameworks) {
    if (extractStandardCitations(framework).length > 0) continue;
    const m = SCOPED_EDITION.exec(framework);
    if (!m) continue;
    const current = plainEdition(m[2] ?? m[3] ?? m[4] ?? '');
    const words = m[1]!
      .split(/[\s/]+/)
      .map((w) => w.replace(/^[(]+/, ''))
      .filter(Boolean);
    const last = words.at(-1)!;
    // "HISO 10029": the acronym and its number; "FBI CJIS Security Policy": the last acronym and the
    // words that follow it (a name ending in a common word is keyed on all of its tail).
    const acronym = words.map((w) => /^[A-Z]{2,}$/.test(w)).lastIndexOf(true);
    const key =
      /^\d+$/.test(last) && /^[A-Z]{2,}$/.test(words.at(-2) ?? '')
        ? [words.at(-2)!, last]
        : acronym >= 0 && words.length - acronym <= 4
          ? words.slice(acronym)
          : [last];
    if (!current || !/^[A-Z]{2,}$/.test(key[0]!)) continue;
    const name = key.join(' ');
    out.push({
      id: `scoped:${name.toLowerCase()}`,
      name,
      pattern: new RegExp(
        `\\b${key.join(key.length > 1 && /[a-z]/.test(key[1]!) ? '\\s+' : '\\s*')}\\b\\)?\\s*(?:[,(]\\s*)?(?:(?:v|version|edition|rev(?:ision)?)\\.?\\s*(\\d+(?:\\.\\d+)*)|:\\s*((?:19|20)\\d\\d)|\\s(\\d{1,2}\\.\\d+(?:\\.\\d+)*))\\b(?!-\\d)`,
        'gi',
      ),
      edition: plainEdition,
      current,
      currentLabel: framework,
      currentSince: "the edition in the engagement's scope",
      superseded: [],
    });
  }
  return out;
}

/** Marks as superseded the editions of scoped families the citations name that come before the one in scope. */
export function scopeEarlierEditions(citations: readonly StandardCitation[]): void {
  for (const { family, edition } of citations) {
    if (!family.id.startsWith('scoped:') || edition === null) continue;
    if (compareEditions(edition, family.current) < 0 && !family.superseded.includes(edition))
      family.superseded.push(edition);
  }
}

export function extractStandardCitations(
  text: string,
  scoped: readonly StandardFamily[] = [],
): StandardCitation[] {
  const out: StandardCitation[] = [];
  // "(PCI DSS) **version 3.2.1**": the edition stands behind emphasis marks.
  const plain = blankEmphasis(text);
  for (const family of [...STANDARD_FAMILIES, ...scoped]) {
    for (const m of plain.matchAll(new RegExp(family.pattern.source, family.pattern.flags))) {
      const written = m.slice(1).find((g) => g !== undefined) ?? null;
      let edition = written
        ? family.edition(written)
        : editionOfDate(family, plain.slice(m.index + m[0].length, m.index + m[0].length + 200));
      // SSL 2.0/3.0 are their own (long retired) protocol versions, not TLS numbers.
      if (family.id === 'tls' && /ssl/i.test(m[0]) && edition) edition = `ssl${edition.split('.')[0]}`;
      out.push({ family, edition, phrase: m[0].trim(), index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Whether the cited edition was superseded by `asOf` (epoch ms; the corpus's newest date): a
 * corpus dated before an edition was retired cites it correctly.
 */
export function isSuperseded(citation: StandardCitation, asOf?: number): boolean {
  const { edition, family } = citation;
  if (edition === null || !family.superseded.includes(edition)) return false;
  const retired = family.retiredOn?.[edition];
  return asOf === undefined || retired === undefined || asOf >= Date.parse(retired);
}
