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
  /** Statements that touch the topic without satisfying it (quoted as the nearest evidence). */
  related: RegExp;
  severity: Severity;
}

const DURATION =
  /\b(\d+|one|two|three|five|seven|ten|fifteen|thirty|sixty|ninety|seventy-two)\s*(?:\(\d+\)\s*)?(?:calendar |business )?(hours?|days?|weeks?)\b/i;

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
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001'],
    label: 'risk assessment',
    requirement: 'HIPAA 164.308(a)(1)(ii)(A) risk analysis; SOC 2 CC3.2; ISO/IEC 27001 clause 6.1.2',
    query: 'risk assessment analysis threats vulnerabilities',
    present: [/\brisk (assessment|analysis)\b/i],
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
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS'],
    label: 'security awareness training',
    requirement: 'HIPAA 164.308(a)(5); SOC 2 CC1.4/CC2.2; ISO/IEC 27001 A.6.3; PCI DSS 12.6',
    query: 'security awareness training employees',
    present: [/\b(training|awareness)\b/i],
    related: /\b(employees?|workforce)\b/i,
    severity: 'medium',
  },
  {
    id: 'incident_response',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'GDPR'],
    label: 'incident response procedure',
    requirement: 'HIPAA 164.308(a)(6); SOC 2 CC7.3-CC7.5; ISO/IEC 27001 A.5.24-A.5.26; PCI DSS 12.10',
    query: 'incident response procedure security incidents',
    present: [/\bincident\w*/i, /\b(respon\w*|handl\w*|manag\w*)\b/i],
    related: /\bincident\w*/i,
    severity: 'high',
  },
  {
    id: 'contingency_backup',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001'],
    label: 'data backup and contingency plan',
    requirement:
      'HIPAA 164.308(a)(7) contingency plan (data backup, disaster recovery); SOC 2 A1.2; ISO/IEC 27001 A.8.13',
    query: 'backup disaster recovery contingency plan',
    present: [/\bback(?:ups?|ed up)\b/i],
    related: /\b(recover\w*|continuity)\b/i,
    severity: 'high',
  },
  {
    id: 'audit_logging',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS'],
    label: 'audit logging and log review',
    requirement: 'HIPAA 164.312(b) audit controls; SOC 2 CC7.2; ISO/IEC 27001 A.8.15; PCI DSS 10',
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
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'GDPR'],
    label: 'encryption of sensitive data',
    requirement:
      'HIPAA 164.312(a)(2)(iv) and (e)(2)(ii); SOC 2 CC6.1/CC6.7; ISO/IEC 27001 A.8.24; PCI DSS 3.5, 4.2',
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
    frameworks: ['SOC 2', 'ISO 27001', 'HIPAA', 'PCI DSS'],
    label: 'vendor risk management',
    requirement: 'SOC 2 CC9.2; ISO/IEC 27001 A.5.19-A.5.22; PCI DSS 12.8',
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
    frameworks: ['SOC 2', 'PCI DSS'],
    label: 'multi-factor authentication',
    requirement: 'SOC 2 CC6.1; PCI DSS 8.4',
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
    frameworks: ['GDPR'],
    label: 'records of processing activities',
    requirement: 'GDPR Art. 30',
    query: 'records of processing activities',
    present: [/\b(records? of processing|processing activit\w*|ROPA)\b/i],
    related: /\bprocessing\b/i,
    severity: 'medium',
  },
  {
    id: 'gdpr_processor_agreements',
    frameworks: ['GDPR'],
    label: 'data processing agreements with processors',
    requirement: 'GDPR Art. 28(3)',
    query: 'data processing agreement processor',
    present: [/\b(data processing agreements?|DPAs?|processor agreements?|article 28)\b/i],
    related: /\bprocessors?\b/i,
    severity: 'high',
  },
  {
    id: 'gdpr_data_subject_rights',
    frameworks: ['GDPR'],
    label: 'data subject rights handling',
    requirement: 'GDPR Art. 12-22',
    query: 'data subject access request rights erasure',
    present: [/\b(data subjects?|subject access|right to (?:erasure|access|rectification))\b/i],
    related: /\bpersonal data\b/i,
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
];

/** Frameworks named in an intake or text, normalised to the checklist's names. */
export function normaliseFrameworks(names: string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (/hipaa/.test(lower)) out.add('HIPAA');
    if (/soc ?2|trust services/.test(lower)) out.add('SOC 2');
    if (/27001|iso/.test(lower)) out.add('ISO 27001');
    if (/gdpr|general data protection/.test(lower)) out.add('GDPR');
    if (/pci/.test(lower)) out.add('PCI DSS');
  }
  return [...out];
}

export function elementsFor(frameworks: string[]): RequiredElement[] {
  const scope = new Set(normaliseFrameworks(frameworks));
  return REQUIRED_ELEMENTS.filter((e) => e.frameworks.some((f) => scope.has(f)));
}
