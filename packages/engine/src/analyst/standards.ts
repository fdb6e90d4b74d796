// Standards and regulations cited by edition, and the table of editions that superseded them.
// A citation of a superseded edition is a currency finding; one standard cited in two editions
// across the corpus is a consistency finding.

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
): StandardFamily {
  return {
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

export const STANDARD_FAMILIES: StandardFamily[] = [
  {
    id: 'nist-800-53',
    name: 'NIST SP 800-53',
    pattern:
      /\b(?:NIST\s+)?(?:SP|Special\s+Publication)\s*800-53\s*(?:,\s*)?(?:Rev(?:ision)?\.?\s*(\d)|r(\d))?/gi,
    edition: digits,
    current: '5',
    currentLabel: 'Revision 5',
    currentSince: 'September 2020',
    superseded: ['1', '2', '3', '4'],
  },
  {
    id: 'nist-800-171',
    name: 'NIST SP 800-171',
    pattern:
      /\b(?:NIST\s+)?(?:SP|Special\s+Publication)\s*800-171\s*(?:,\s*)?(?:Rev(?:ision)?\.?\s*(\d)|r(\d))?/gi,
    edition: digits,
    current: '3',
    currentLabel: 'Revision 3',
    currentSince: 'May 2024',
    superseded: ['1', '2'],
  },
  {
    id: 'nist-800-61',
    name: 'NIST SP 800-61',
    pattern:
      /\b(?:NIST\s+)?(?:SP|Special\s+Publication)\s*800-61\s*(?:,\s*)?(?:Rev(?:ision)?\.?\s*(\d)|r(\d))?/gi,
    edition: digits,
    current: '3',
    currentLabel: 'Revision 3',
    currentSince: 'April 2025',
    superseded: ['1', '2'],
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
  },
  {
    id: 'pci-dss',
    name: 'PCI DSS',
    pattern: /\bPCI[- ]DSS\s*(?:v(?:ersion)?\.?\s*)?(\d(?:\.\d){1,2})?/gi,
    edition: digits,
    current: '4.0',
    currentLabel: 'PCI DSS v4.0 (v4.0.1)',
    currentSince: 'March 2022 (v3.2.1 retired March 2024)',
    superseded: ['1.0', '1.1', '1.2', '1.2.1', '2.0', '3.0', '3.1', '3.2', '3.2.1'],
  },
  {
    id: 'nist-csf',
    name: 'NIST Cybersecurity Framework',
    pattern:
      /\b(?:NIST\s+(?:CSF|Cybersecurity\s+Framework)|(?<!HITRUST\s+)Cybersecurity\s+Framework)\s*(?:v(?:ersion)?\.?\s*)?(\d\.\d)?/gi,
    edition: digits,
    current: '2.0',
    currentLabel: 'NIST CSF 2.0',
    currentSince: 'February 2024',
    superseded: ['1.0', '1.1'],
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
    superseded: ['1'],
  },
  {
    id: 'tls',
    name: 'TLS',
    pattern: /\b(?:TLS|SSL)\s*v?(\d\.\d)/gi,
    edition: (w) => digits(w),
    current: '1.3',
    currentLabel: 'TLS 1.2 or later',
    currentSince: 'RFC 8996 (2021) deprecated TLS 1.0 and 1.1',
    superseded: ['1.0', '1.1', '2.0', '3.0'],
  },
  isoFamily('iso-22301', 'ISO 22301', '22301', '2019', 'ISO 22301:2019', 'October 2019', ['2012']),
  isoFamily('iso-27701', 'ISO/IEC 27701', '27701', '2025', 'ISO/IEC 27701:2025', 'October 2025', ['2019']),
  isoFamily('iso-27018', 'ISO/IEC 27018', '27018', '2019', 'ISO/IEC 27018:2019', 'January 2019', ['2014']),
  isoFamily('iso-27017', 'ISO/IEC 27017', '27017', '2015', 'ISO/IEC 27017:2015', 'December 2015', []),
  isoFamily('iso-9001', 'ISO 9001', '9001', '2015', 'ISO 9001:2015', 'September 2015', ['2000', '2008']),
  isoFamily('iso-31000', 'ISO 31000', '31000', '2018', 'ISO 31000:2018', 'February 2018', ['2009']),
  {
    id: 'cis-controls',
    name: 'CIS Critical Security Controls',
    pattern: /\bCIS\s+(?:Critical\s+Security\s+)?Controls\s*(?:v(?:ersion)?\.?\s*)?(\d(?:\.\d)?)?/gi,
    edition: digits,
    current: '8.1',
    currentLabel: 'CIS Controls v8.1',
    currentSince: 'June 2024 (v8 May 2021)',
    superseded: ['6', '6.1', '7', '7.1'],
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
    pattern: /\b(?:EU[- ]U\.?S\.?\s+)?(Privacy\s+Shield|Safe\s+Harbou?r)\b/gi,
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
      /\b(?:NIST\s+)?(?:SP|Special\s+Publication)\s*800-63(?:-(\d)|\s*(?:,\s*)?Rev(?:ision)?\.?\s*(\d))?/gi,
    edition: digits,
    current: '4',
    currentLabel: 'NIST SP 800-63-4',
    currentSince: 'August 2025',
    superseded: ['1', '2', '3'],
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
  },
];

export interface StandardCitation {
  family: StandardFamily;
  edition: string | null;
  phrase: string;
  index: number;
}

export function extractStandardCitations(text: string): StandardCitation[] {
  const out: StandardCitation[] = [];
  for (const family of STANDARD_FAMILIES) {
    for (const m of text.matchAll(new RegExp(family.pattern.source, family.pattern.flags))) {
      const written = m.slice(1).find((g) => g !== undefined) ?? null;
      let edition = written ? family.edition(written) : null;
      if (family.id === 'tls' && /ssl/i.test(m[0]) && edition)
        edition = edition === '3.0' || edition === '2.0' ? edition : null;
      out.push({ family, edition, phrase: m[0].trim(), index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

export function isSuperseded(citation: StandardCitation): boolean {
  return citation.edition !== null && citation.family.superseded.includes(citation.edition);
}
