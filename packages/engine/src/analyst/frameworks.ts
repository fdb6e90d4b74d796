// Framework element checklists: what a corpus must contain when a framework is in scope. The
// checklists are data (knowledge/data/coverage-elements.json, schema-checked, a source for every
// element); this module reads them as patterns and maps the frameworks an intake names to the
// checklists' names. An element is present when one statement of the corpus (with the next) matches
// all of its patterns; an element of an in-scope framework missing from the whole corpus is a
// coverage finding.
import { expandFragments, knowledge } from '../knowledge';
import type { Severity } from '../types';

export interface RequiredElement {
  id: string;
  frameworks: string[];
  label: string;
  /** The requirement and its source, shown in the finding. */
  requirement: string;
  query: string;
  /** Every pattern must match one statement for the element to be present. */
  present: RegExp[];
  /** Other wordings that also satisfy the element (each: every pattern on one statement). */
  alternatives?: RegExp[][];
  /** A statement matching any of these does not satisfy the element (advice, another party's duty). */
  unless?: RegExp[];
  /** How many consecutive statements are read together (default 2). */
  window?: number;
  /** Statements that touch the topic without satisfying it (quoted as the nearest evidence). */
  related: RegExp;
  severity: Severity;
  /**
   * The element only applies when the corpus shows this (e.g. the organisation processes its
   * customers' data): checked on the whole corpus before the element is reported.
   */
  appliesWhen?: RegExp;
}

/** The elements kept as data (knowledge/data/coverage-elements.json), as the checklist reads them. */
function elementsFromData(): RequiredElement[] {
  const { fragments, elements } = knowledge().coverage;
  const regex = (pattern: string) => new RegExp(expandFragments(pattern, fragments), 'i');
  return elements.map((e) => ({
    id: e.id,
    frameworks: e.frameworks,
    label: e.label,
    requirement: e.requirement,
    query: e.query,
    present: e.present.map(regex),
    ...(e.alternatives ? { alternatives: e.alternatives.map((list) => list.map(regex)) } : {}),
    ...(e.unless ? { unless: e.unless.map(regex) } : {}),
    ...(e.window ? { window: e.window } : {}),
    related: regex(e.related),
    severity: e.severity,
    ...(e.applies_when ? { appliesWhen: regex(e.applies_when) } : {}),
  }));
}

export const REQUIRED_ELEMENTS: RequiredElement[] = elementsFromData();

/** Frameworks named in an intake or text, normalised to the checklist's names. */
export function normaliseFrameworks(names: string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (/hipaa|hitech/.test(lower)) out.add('HIPAA');
    if (/soc ?2|trust services/.test(lower)) out.add('SOC 2');
    // ISO/IEC 27701 extends 27001; an "ISO" with no other standard number is read as 27001.
    if (/2700[12]|isms/.test(lower) || (/\biso\b/.test(lower) && !/\d{4,5}/.test(lower)))
      out.add('ISO 27001');
    if (/27701/.test(lower)) out.add('ISO 27001').add('ISO 27701');
    if (/gdpr|general data protection|data protection act 2018/.test(lower)) out.add('GDPR');
    if (/pci/.test(lower)) out.add('PCI DSS');
    if (/\bnis ?2\b|2022\/2555|network and information (?:systems )?security directive/.test(lower))
      out.add('NIS2');
    if (/\bdora\b|digital operational resilience|2022\/2554/.test(lower)) out.add('DORA');
    if (/nist\s*(?:csf|cyber)|cybersecurity framework/.test(lower)) out.add('NIST CSF');
    // FedRAMP baselines and FISMA systems are assessed against NIST SP 800-53.
    if (/800-53|fedramp|\bfisma\b/.test(lower)) out.add('NIST SP 800-53');
    if (/essential (?:eight|8)|\be8\b/.test(lower)) out.add('Essential Eight');
    // CMMC Level 2 is assessed against NIST SP 800-171; DFARS 7012 requires it.
    if (/800-171|\bcmmc\b/.test(lower)) out.add('NIST SP 800-171');
    if (/dfars|252\.204-7012/.test(lower)) out.add('DFARS 7012').add('NIST SP 800-171');
    // The FTC's rule for non-bank financial institutions; banks and credit unions follow their own
    // regulator's GLBA safeguards (NCUA Part 748, the Interagency Guidelines).
    if (/\bftc\b|safeguards rule|16 cfr (?:part )?314/.test(lower)) out.add('FTC Safeguards');
    if (/cyber hygiene/.test(lower) && /\bmas\b|monetary authority of singapore/.test(lower))
      out.add('MAS Cyber Hygiene');
    if (/cyber essentials/.test(lower)) out.add('Cyber Essentials');
    // National privacy laws whose breach duties reach the people affected.
    if (/\bpipeda\b|personal information protection and electronic documents/.test(lower)) out.add('PIPEDA');
    if (/new zealand privacy act|privacy act 2020|\bnz privacy act/.test(lower)) out.add('NZ Privacy Act');
    if (/digital personal data protection|\bdpdp\b/.test(lower)) out.add('DPDP Act');
    if (/\bpopia\b|protection of personal information act/.test(lower)) out.add('POPIA');
    if (/\bcert-?in\b/.test(lower)) out.add('CERT-In Directions');
    if (/\bdscsa\b|drug supply chain security/.test(lower)) out.add('DSCSA');
    // The FAA's rule for small unmanned aircraft.
    if (/\bpart\s*107\b|14 cfr 107/.test(lower)) out.add('FAA Part 107');
    // Occupational health and safety law and its management standard, whatever the country.
    if (
      /45001|occupational (?:health|safety)|\bohs\b|\bosha\b|(?:health,? safety|safety,? health) and welfare|health and safety at work|work health and safety|\bwhs\b/.test(
        lower,
      )
    )
      out.add('OHS');
  }
  return [...out];
}

export function elementsFor(frameworks: string[]): RequiredElement[] {
  const scope = new Set(normaliseFrameworks(frameworks));
  return REQUIRED_ELEMENTS.filter((e) => e.frameworks.some((f) => scope.has(f)));
}
