// Framework element checklists: what a corpus must contain when a framework is in scope. An
// element is present when one statement of the corpus matches all of its patterns; an element of
// an in-scope framework missing from the whole corpus is a coverage finding.
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
  /** Statements that touch the topic without satisfying it (quoted as the nearest evidence). */
  related: RegExp;
  severity: Severity;
}

const NUMBER_WORD =
  '\\d+|one|two|three|four|five|six|seven|ten|fourteen|fifteen|twenty-four|thirty|forty-five|sixty|seventy-two|ninety';
const DURATION = new RegExp(
  `\\b(${NUMBER_WORD})\\s*(?:\\(\\d+\\)\\s*)?(?:calendar |business |working )?(hours?|days?|weeks?)\\b`,
  'i',
);
/** A deadline counted in months or in 28-31 days (the GDPR and NIS2 "one month"). */
const MONTH_DEADLINE =
  /\b(?:one|1|a|single)\s*(?:\(1\)\s*)?(?:calendar )?month\b|\b(?:28|30|31|thirty)\s*(?:\(\d+\)\s*)?(?:calendar )?days\b/i;
/** "risks are assessed", "risk assessment", "assessing risks", "risk register": wording varies. */
const DATA_SUBJECT_REQUEST =
  /\b(data subjects?|subject access|(?:access|erasure|deletion|rectification|portability|privacy|rights?) requests?|rights? (?:of|to) (?:access|erasure|rectification|portability|object)|(?:individual|privacy|consumer) rights|exercis\w* (?:their|your|his or her) rights|DSARs?|SARs?)\b/i;
const RESPONSE_WORDS =
  /\b(respon\w*|answer\w*|repl(?:y|ies|ied)|fulfil\w*|complet\w*|handl\w*|deal\w* with|actioned)\b/i;
const TWENTY_FOUR_HOURS = /\b(?:24|twenty-four)\s*(?:\(24\)\s*)?(?:-\s*)?hours?\b/i;
const SEVENTY_TWO_HOURS = /\b(?:72|seventy-two)\s*(?:\(72\)\s*)?(?:-\s*)?hours?\b/i;
const FINAL_REPORT =
  /\b(final|closing|concluding|post-incident)\s+(?:incident\s+)?report\w*|\breport\w*[^.;]{0,40}\bfinal\b/i;
/** "respond ... within 30 days": a deadline for answering, not for forwarding or logging. */
const RESPONSE_WITHIN = new RegExp(
  `\\b(respon(?:d|se|ses|ded)|answer\\w*|repl(?:y|ies|ied)|fulfil\\w*|complet\\w*)\\b[^.]{0,60}?\\bwithin\\b[^.]{0,15}?\\b(${NUMBER_WORD})\\s*(?:\\(\\d+\\)\\s*)?(?:calendar |business |working )?(days?|weeks?|months?)\\b`,
  'i',
);
const RISK_ASSESSED =
  /\brisks?\b[^.;]{0,60}?\b(assess\w*|analy[sz]\w*|evaluat\w*|identif\w*|register)|\b(assess\w*|analy[sz]\w*|evaluat\w*|identif\w*)\b[^.;]{0,40}?\brisks?\b/i;

export const REQUIRED_ELEMENTS: RequiredElement[] = [
  {
    id: 'hipaa_breach_notification_timeline',
    frameworks: ['HIPAA'],
    label: 'breach notification timeline for affected individuals and regulators',
    requirement:
      'HIPAA Breach Notification Rule (45 CFR 164.404-164.408): notify affected individuals, and HHS, without unreasonable delay and no later than 60 calendar days after discovery of a breach of unsecured PHI',
    query: 'breach notification affected individuals HHS regulators within days discovery',
    present: [
      /\bbreach\w*/i,
      /\b(notif\w*|notice)\b/i,
      /\b(individuals?|HHS|Secretary|regulators?|authorit\w*|patients?|media|data subjects?)\b/i,
      DURATION,
    ],
    related: /\b(breach\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'hipaa_business_associate_agreements',
    frameworks: ['HIPAA'],
    label: 'business associate agreements with vendors handling PHI',
    requirement:
      'HIPAA 45 CFR 164.308(b) and 164.502(e): a business associate agreement with every vendor that creates, receives, maintains or transmits PHI',
    query: 'business associate agreement BAA vendors PHI',
    present: [/\b(business associate agreements?|business associate contracts?|BAAs?)\b/i],
    related: /\b(vendors?|PHI|protected health)\b/i,
    severity: 'high',
  },
  {
    id: 'hipaa_risk_analysis',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'NIS2', 'DORA', 'NIST CSF'],
    label: 'risk assessment',
    requirement:
      'HIPAA 164.308(a)(1)(ii)(A) risk analysis; SOC 2 CC3.2; ISO/IEC 27001 clause 6.1.2; NIS2 Art. 21(2)(a) risk analysis policies; DORA Art. 6-8 ICT risk management framework; NIST CSF ID.RA',
    query: 'risk assessment analysis threats vulnerabilities',
    present: [RISK_ASSESSED],
    related: /\brisk\b/i,
    severity: 'high',
  },
  {
    id: 'hipaa_sanctions',
    frameworks: ['HIPAA'],
    label: 'workforce sanction policy',
    requirement: 'HIPAA 164.308(a)(1)(ii)(C): sanctions against workforce members who fail to comply',
    query: 'sanctions disciplinary action violation policy workforce',
    present: [/\b(sanction\w*|disciplinary)\b/i],
    related: /\bviolat\w*/i,
    severity: 'medium',
  },
  {
    id: 'security_awareness_training',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'NIS2', 'DORA', 'NIST CSF'],
    label: 'security awareness training',
    requirement:
      'HIPAA 164.308(a)(5); SOC 2 CC1.4/CC2.2; ISO/IEC 27001 A.6.3; PCI DSS 12.6; NIS2 Art. 20(2) and 21(2)(g); DORA Art. 13(6); NIST CSF PR.AT',
    query: 'security awareness training employees',
    present: [/\b(training|awareness)\b/i],
    related: /\b(employees?|workforce)\b/i,
    severity: 'medium',
  },
  {
    id: 'incident_response',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'GDPR', 'NIS2', 'DORA', 'NIST CSF'],
    label: 'incident response procedure',
    requirement:
      'HIPAA 164.308(a)(6); SOC 2 CC7.3-CC7.5; ISO/IEC 27001 A.5.24-A.5.26; PCI DSS 12.10; NIS2 Art. 21(2)(b); DORA Art. 17; NIST CSF RS.MA',
    query: 'incident response procedure security incidents',
    present: [/\bincident\w*/i, /\b(respon\w*|handl\w*|manag\w*)\b/i],
    related: /\bincident\w*/i,
    severity: 'high',
  },
  {
    id: 'contingency_backup',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'NIS2', 'DORA', 'NIST CSF'],
    label: 'data backup and contingency plan',
    requirement:
      'HIPAA 164.308(a)(7) contingency plan (data backup, disaster recovery); SOC 2 A1.2; ISO/IEC 27001 A.8.13; NIS2 Art. 21(2)(c); DORA Art. 12; NIST CSF PR.DS-11',
    query: 'backup disaster recovery contingency plan',
    present: [/\bback(?:ups?|ed up)\b/i],
    related: /\b(recover\w*|continuity)\b/i,
    severity: 'high',
  },
  {
    id: 'audit_logging',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'NIST CSF'],
    label: 'audit logging and log review',
    requirement:
      'HIPAA 164.312(b) audit controls; SOC 2 CC7.2; ISO/IEC 27001 A.8.15; PCI DSS 10; NIST CSF DE.CM',
    query: 'audit logs record review activity',
    present: [/\blog(s|ging)?\b/i, /\b(record\w*|retain\w*|review\w*|collect\w*)\b/i],
    related: /\blog/i,
    severity: 'medium',
  },
  {
    id: 'access_reviews',
    frameworks: ['SOC 2', 'ISO 27001', 'PCI DSS'],
    label: 'periodic user access reviews',
    requirement: 'SOC 2 CC6.2/CC6.3; ISO/IEC 27001 A.5.18; PCI DSS 7.2.4',
    query: 'access reviews accounts permissions periodic review',
    present: [/\breview\w*/i, /\b(access|accounts?|permissions?|privileges?)\b/i],
    related: /\baccess\b/i,
    severity: 'high',
  },
  {
    id: 'encryption',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'GDPR', 'NIS2', 'NIST CSF'],
    label: 'encryption of sensitive data',
    requirement:
      'HIPAA 164.312(a)(2)(iv) and (e)(2)(ii); SOC 2 CC6.1/CC6.7; ISO/IEC 27001 A.8.24; PCI DSS 3.5, 4.2; NIS2 Art. 21(2)(h); NIST CSF PR.DS',
    query: 'encryption data at rest in transit',
    present: [/\bencrypt\w*/i],
    related: /\b(crypt\w*|protect\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'change_management',
    frameworks: ['SOC 2', 'ISO 27001', 'PCI DSS'],
    label: 'change management',
    requirement: 'SOC 2 CC8.1; ISO/IEC 27001 A.8.32; PCI DSS 6.5',
    query: 'change management approval changes',
    present: [/\bchange\w*/i, /\b(approv\w*|management|request\w*)\b/i],
    related: /\bchange\w*/i,
    severity: 'medium',
  },
  {
    id: 'vendor_management',
    frameworks: ['SOC 2', 'ISO 27001', 'HIPAA', 'PCI DSS', 'NIS2', 'DORA', 'NIST CSF'],
    label: 'vendor risk management',
    requirement:
      'SOC 2 CC9.2; ISO/IEC 27001 A.5.19-A.5.22; PCI DSS 12.8; NIS2 Art. 21(2)(d) supply chain security; DORA Art. 28; NIST CSF GV.SC',
    query: 'vendor third party risk assessment due diligence',
    present: [
      /\b(vendors?|suppliers?|third[- ]part\w*|service providers?)\b/i,
      /\b(?:re-?)?(risk|assess\w*|review\w*|monitor\w*|evaluat\w*)/i,
    ],
    related: /\b(vendors?|suppliers?)\b/i,
    severity: 'medium',
  },
  {
    id: 'mfa',
    frameworks: ['SOC 2', 'PCI DSS', 'NIS2'],
    label: 'multi-factor authentication',
    requirement: 'SOC 2 CC6.1; PCI DSS 8.4; NIS2 Art. 21(2)(j)',
    query: 'multi-factor authentication MFA remote access',
    present: [/\b(multi-?factor|two-?factor|MFA|2FA)\b/i],
    related: /\bauthenticat\w*/i,
    severity: 'high',
  },
  {
    id: 'gdpr_breach_72h',
    frameworks: ['GDPR'],
    label: 'personal data breach notification to the supervisory authority within 72 hours',
    requirement:
      'GDPR Art. 33: notify the supervisory authority without undue delay and, where feasible, within 72 hours',
    query: 'personal data breach supervisory authority 72 hours notification',
    present: [/\bbreach\w*/i, /\b(supervisory authority|regulator|authorit\w*)\b/i, DURATION],
    related: /\bbreach\w*/i,
    severity: 'high',
  },
  {
    id: 'gdpr_records_of_processing',
    frameworks: ['GDPR', 'ISO 27701'],
    label: 'records of processing activities',
    requirement: 'GDPR Art. 30',
    query: 'records of processing activities',
    present: [/\b(records? of processing|processing activit\w*|ROPA)\b/i],
    related: /\bprocessing\b/i,
    severity: 'medium',
  },
  {
    id: 'gdpr_processor_agreements',
    frameworks: ['GDPR', 'ISO 27701'],
    label: 'data processing agreements with processors',
    requirement: 'GDPR Art. 28(3)',
    query: 'data processing agreement processor',
    present: [/\b(data processing agreements?|DPAs?|processor agreements?|article 28)\b/i],
    related: /\bprocessors?\b/i,
    severity: 'high',
  },
  {
    id: 'gdpr_data_subject_rights',
    frameworks: ['GDPR', 'ISO 27701'],
    label: 'procedure and one-month response deadline for data subject rights requests',
    requirement:
      'GDPR Art. 12(3) and 15-22: requests from data subjects (access, rectification, erasure, restriction, portability, objection) are answered without undue delay and within one month of receipt; ISO/IEC 27701 7.3',
    query: 'data subject rights requests access erasure rectification respond within one month',
    // A mention of data subjects is not a procedure: the corpus must say how requests are answered
    // and by when.
    present: [DATA_SUBJECT_REQUEST, RESPONSE_WORDS, MONTH_DEADLINE],
    alternatives: [[DATA_SUBJECT_REQUEST, RESPONSE_WITHIN]],
    related: /\b(data subjects?|personal data|rights)\b/i,
    severity: 'medium',
  },
  {
    id: 'iso_internal_audit',
    frameworks: ['ISO 27001'],
    label: 'internal audit of the ISMS',
    requirement: 'ISO/IEC 27001 clause 9.2',
    query: 'internal audit ISMS',
    present: [/\binternal audits?\b/i],
    related: /\baudit\w*/i,
    severity: 'medium',
  },
  {
    id: 'iso_management_review',
    frameworks: ['ISO 27001'],
    label: 'management review of the ISMS',
    requirement: 'ISO/IEC 27001 clause 9.3',
    query: 'management review ISMS',
    present: [/\bmanagement review\b/i],
    related: /\bmanagement\b/i,
    severity: 'medium',
  },
  {
    id: 'iso_statement_of_applicability',
    frameworks: ['ISO 27001'],
    label: 'statement of applicability',
    requirement: 'ISO/IEC 27001 clause 6.1.3 d)',
    query: 'statement of applicability controls',
    present: [/\bstatement of applicability\b/i],
    related: /\bcontrols?\b/i,
    severity: 'medium',
  },
  {
    id: 'pci_vulnerability_scans',
    frameworks: ['PCI DSS'],
    label: 'quarterly internal and external vulnerability scans',
    requirement:
      'PCI DSS 11.3: internal and external (ASV) vulnerability scans at least once every three months',
    query: 'vulnerability scans quarterly ASV external internal',
    present: [/\b(vulnerability scan\w*|ASV)\b/i],
    related: /\bvulnerabilit\w*/i,
    severity: 'high',
  },
  {
    id: 'pci_penetration_testing',
    frameworks: ['PCI DSS'],
    label: 'annual penetration testing',
    requirement:
      'PCI DSS 11.4: penetration testing at least once every 12 months and after significant changes',
    query: 'penetration test annual',
    present: [/\bpenetration test\w*|pen[- ]?test\w*/i],
    related: /\btest\w*/i,
    severity: 'high',
  },
  {
    id: 'nis2_early_warning',
    frameworks: ['NIS2'],
    label: 'NIS2 early warning to the CSIRT or competent authority within 24 hours',
    requirement:
      'NIS2 Art. 23(4)(a): an early warning to the CSIRT or competent authority without undue delay and within 24 hours of becoming aware of a significant incident',
    query: 'early warning CSIRT competent authority significant incident 24 hours',
    present: [/\b(early warning|CSIRT|competent authorit\w*|national authorit\w*)\b/i, TWENTY_FOUR_HOURS],
    related: /\b(significant incidents?|CSIRT|NIS ?2)\b/i,
    severity: 'high',
  },
  {
    id: 'nis2_incident_notification',
    frameworks: ['NIS2'],
    label: 'NIS2 incident notification with an initial assessment within 72 hours',
    requirement:
      'NIS2 Art. 23(4)(b): an incident notification with an initial assessment of severity and impact within 72 hours of becoming aware of a significant incident',
    query: 'incident notification initial assessment CSIRT 72 hours significant incident',
    present: [
      /\b(CSIRT|competent authorit\w*|national authorit\w*|incident notification)\b/i,
      SEVENTY_TWO_HOURS,
    ],
    related: /\b(significant incidents?|CSIRT|NIS ?2)\b/i,
    severity: 'high',
  },
  {
    id: 'nis2_final_report',
    frameworks: ['NIS2'],
    label: 'NIS2 final incident report within one month of the incident notification',
    requirement:
      'NIS2 Art. 23(4)(d)-(e): a final report (detailed description, root cause, mitigation, cross-border impact) no later than one month after the incident notification, or a progress report and a final report within one month of handling the incident when it is still ongoing',
    query: 'final report one month after incident notification CSIRT root cause mitigation',
    present: [FINAL_REPORT, /\bmonths?\b|\b(?:28|30|31|thirty)\s*(?:\(\d+\)\s*)?(?:calendar )?days\b/i],
    related: /\b(early warning|CSIRT|incident notification|significant incidents?|NIS ?2)\b/i,
    severity: 'high',
  },
  {
    id: 'nis2_management_accountability',
    frameworks: ['NIS2'],
    label: 'management body approval, oversight and training on cybersecurity risk measures',
    requirement:
      'NIS2 Art. 20: management bodies approve the cybersecurity risk-management measures, oversee their implementation, and follow training',
    query: 'management body board approves cybersecurity risk management measures training oversight',
    present: [
      /\b(management bod\w*|board|executive committee|executive management|senior management|directors)\b/i,
      /\b(approv\w*|oversee\w*|oversight|train\w*|brief\w*)\b/i,
    ],
    related: /\b(management|board)\b/i,
    severity: 'medium',
  },
  {
    id: 'dora_major_incident_reporting',
    frameworks: ['DORA'],
    label: 'reporting of major ICT-related incidents to the competent authority',
    requirement:
      'DORA Art. 19 and RTS on incident reporting: initial notification of a major ICT-related incident within 4 hours of classification (at most 24 hours of detection), intermediate report within 72 hours and final report within one month',
    query:
      'major ICT-related incident report competent authority initial notification intermediate final report',
    present: [
      /\b(major (?:ICT[- ]related )?incidents?|ICT[- ]related incidents?)\b/i,
      /\b(report\w*|notif\w*)\b/i,
      /\b(competent authorit\w*|regulator|supervis\w*)\b/i,
    ],
    related: /\b(ICT|incident\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'dora_third_party_register',
    frameworks: ['DORA'],
    label: 'register of information on ICT third-party service arrangements',
    requirement:
      'DORA Art. 28(3): a register of information on all contractual arrangements with ICT third-party service providers',
    query: 'register of information ICT third-party service providers contractual arrangements',
    present: [
      /\b(register|inventor\w*)\b/i,
      /\b(ICT third[- ]part\w*|third[- ]party (?:service )?providers?|contractual arrangements?|suppliers?|vendors?)\b/i,
    ],
    related: /\b(third[- ]part\w*|providers?)\b/i,
    severity: 'medium',
  },
  {
    id: 'dora_resilience_testing',
    frameworks: ['DORA'],
    label: 'digital operational resilience testing programme',
    requirement:
      'DORA Art. 24-27: a digital operational resilience testing programme, with threat-led penetration testing at least every three years for significant entities',
    query: 'digital operational resilience testing programme threat-led penetration testing',
    present: [
      /\b(resilience test\w*|threat[- ]led penetration test\w*|TLPT|penetration test\w*|scenario[- ]based test\w*)\b/i,
    ],
    related: /\btest\w*/i,
    severity: 'medium',
  },
  {
    id: 'pci_service_provider_acknowledgement',
    frameworks: ['PCI DSS'],
    label:
      'written acknowledgement by service providers of their responsibility for cardholder data security',
    requirement:
      'PCI DSS v4.0 12.8.2: written agreements with third-party service providers include their acknowledgement that they are responsible for the security of the account data they possess or could affect',
    query: 'service provider written agreement acknowledgement responsible security cardholder data',
    present: [/\backnowledg\w*/i, /\bresponsib\w*/i],
    related: /\b(service providers?|third[- ]part\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'pci_responsibility_matrix',
    frameworks: ['PCI DSS'],
    label: 'matrix of PCI DSS requirements managed by each service provider and by the entity',
    requirement:
      'PCI DSS v4.0 12.8.5: information is maintained about which PCI DSS requirements are managed by each third-party service provider, by the entity, and shared',
    query: 'responsibility matrix PCI DSS requirements managed by service provider shared',
    present: [
      /\b(responsibilit\w* matrix|matri(?:x|ces)|RACI|allocation of (?:\w+ )?responsibilit\w*|shared responsibilit\w*|managed by (?:the|each) (?:service )?provider)\b/i,
    ],
    related: /\bresponsib\w*/i,
    severity: 'medium',
  },
  {
    id: 'asset_inventory',
    frameworks: ['ISO 27001', 'NIST CSF'],
    label: 'inventory of information assets with owners',
    requirement: 'ISO/IEC 27001 A.5.9 inventory of information and other associated assets; NIST CSF ID.AM',
    query: 'asset inventory register owners hardware software CMDB',
    present: [
      /\b(inventor(?:y|ies)|asset registers?|CMDB|configuration management database|register of assets)\b/i,
    ],
    related: /\bassets?\b/i,
    severity: 'medium',
  },
];

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
  }
  return [...out];
}

export function elementsFor(frameworks: string[]): RequiredElement[] {
  const scope = new Set(normaliseFrameworks(frameworks));
  return REQUIRED_ELEMENTS.filter((e) => e.frameworks.some((f) => scope.has(f)));
}
