// Framework element checklists: what a corpus must contain when a framework is in scope. An
// element is present when one statement of the corpus matches all of its patterns; an element of
// an in-scope framework missing from the whole corpus is a coverage finding.
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
/** A data-protection supervisory authority, generically or by the names national regulators go by. */
const SUPERVISORY_AUTHORITY =
  /\b(supervisory authorit\w*|regulators?|authorit\w*|Information Commissioner(?:'s Office)?|ICO|Data Protection (?:Commission(?:er)?|Authority)|DPC|CNIL|AEPD|Garante|PDPC|OAIC|Privacy Commissioner|Datatilsynet|Autoriteit Persoonsgegevens|Article 33|Art\.\s*33)\b/i;
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

/** A forum of top management: a steering or risk committee, the board, the executive team. */
const MANAGEMENT_FORUM =
  /\b((?:steering|security|governance|management|risk|oversight|executive|audit and risk) (?:committee|group|forum|board)|board of directors|the board|council|executive (?:team|leadership|committee)|senior (?:management|leadership) team)\b/i;
const OVERSIGHT = /\b(report\w*|review\w*|oversee\w*|oversight|monitor\w*|brief\w*|tabled|presented)\b/i;
const SECURITY_PROGRAMME =
  /\b(ISMS|information security|cyber ?security|security (?:programme|program|performance|posture|metrics)|privacy programme|progress)\b/i;
/** The end of a customer relationship: contract, subscription or service terminates or expires. */
const RELATIONSHIP_END =
  /\b(terminat\w*|expir\w*|end of (?:the )?(?:contract|agreement|subscription|service|relationship|engagement)|(?:contract|agreement|subscription|service|relationship|engagement)s? (?:ends?|ended|ceases?)|offboard\w*|exit\w*|cancel\w*|non-renewal|churn\w*)\b/i;
const DATA_DISPOSAL =
  /\b(delet\w*|return\w*|destr\w*|eras\w*|purg\w*|dispos\w*|export\w*|hand(?:ed)? back)\b/i;
/** Whose data: the organisation's own customers (tenants, clients, subscribers). */
const CUSTOMER_DATA = /\b(customers?|clients?|tenants?|subscribers?|account holders?|controllers?)\b/i;
/** "patch", "security updates", "apply vendor fixes". */
const PATCHING = /\b(patch\w*|security updates?|(?:vendor|security) fixes|updat\w* (?:are|is) applied)\b/i;

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

const INLINE_ELEMENTS: RequiredElement[] = [
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
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'NIS2', 'DORA', 'NIST CSF', 'NIST SP 800-171'],
    label: 'security awareness training',
    requirement:
      'HIPAA 164.308(a)(5); SOC 2 CC1.4/CC2.2; ISO/IEC 27001 A.6.3; PCI DSS 12.6; NIS2 Art. 20(2) and 21(2)(g); DORA Art. 13(6); NIST CSF PR.AT; NIST SP 800-171 3.2.1-3.2.2',
    query: 'security awareness training employees',
    present: [/\b(training|awareness)\b/i],
    related: /\b(employees?|workforce)\b/i,
    severity: 'medium',
  },
  {
    id: 'incident_response',
    frameworks: [
      'HIPAA',
      'SOC 2',
      'ISO 27001',
      'PCI DSS',
      'GDPR',
      'NIS2',
      'DORA',
      'NIST CSF',
      'NIST SP 800-171',
    ],
    label: 'incident response procedure',
    requirement:
      'HIPAA 164.308(a)(6); SOC 2 CC7.3-CC7.5; ISO/IEC 27001 A.5.24-A.5.26; PCI DSS 12.10; NIS2 Art. 21(2)(b); DORA Art. 17; NIST CSF RS.MA; NIST SP 800-171 3.6.1',
    query: 'incident response procedure security incidents',
    present: [/\bincident\w*/i, /\b(respon\w*|handl\w*|manag\w*)\b/i],
    related: /\bincident\w*/i,
    severity: 'high',
  },
  {
    id: 'contingency_backup',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'NIS2', 'DORA', 'NIST CSF', 'Essential Eight'],
    label: 'data backup and contingency plan',
    requirement:
      'HIPAA 164.308(a)(7) contingency plan (data backup, disaster recovery); SOC 2 A1.2; ISO/IEC 27001 A.8.13; NIS2 Art. 21(2)(c); DORA Art. 12; NIST CSF PR.DS-11; Essential Eight: regular backups',
    query: 'backup disaster recovery contingency plan',
    present: [/\bback(?:ups?|ed up)\b/i],
    related: /\b(recover\w*|continuity)\b/i,
    severity: 'high',
  },
  {
    id: 'audit_logging',
    frameworks: ['HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'NIST CSF', 'NIST SP 800-171'],
    label: 'audit logging and log review',
    requirement:
      'HIPAA 164.312(b) audit controls; SOC 2 CC7.2; ISO/IEC 27001 A.8.15; PCI DSS 10; NIST CSF DE.CM; NIST SP 800-171 3.3.1-3.3.2',
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
    frameworks: ['SOC 2', 'PCI DSS', 'NIS2', 'Essential Eight', 'NIST SP 800-171'],
    label: 'multi-factor authentication',
    requirement:
      'SOC 2 CC6.1; PCI DSS 8.4; NIS2 Art. 21(2)(j); Essential Eight: multi-factor authentication; NIST SP 800-171 3.5.3',
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
    present: [/\bbreach\w*/i, SUPERVISORY_AUTHORITY, DURATION],
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
    // Top management reviewing the ISMS is often a committee or board receiving security reports.
    alternatives: [[MANAGEMENT_FORUM, OVERSIGHT, SECURITY_PROGRAMME]],
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
  {
    id: 'customer_data_return_at_exit',
    frameworks: ['GDPR', 'ISO 27701', 'SOC 2'],
    label: 'return and deletion of customer data when a customer contract ends',
    requirement:
      'GDPR Art. 28(3)(g): at the end of the provision of services the processor deletes or returns all personal data to the controller, and deletes existing copies; ISO/IEC 27701 8.4.2 return, transfer or disposal of PII; SOC 2 C1.2 disposal of confidential information',
    query: 'customer data return deletion termination end of contract subscription exit',
    present: [RELATIONSHIP_END, DATA_DISPOSAL, CUSTOMER_DATA],
    related: /\b(retain\w*|retention|subscription|terminat\w*|delet\w*)\b/i,
    severity: 'medium',
    // Only a provider holding its customers' data owes them its return.
    appliesWhen:
      /\b((?:customer|client|tenant)s?'? (?:personal )?data|as (?:a |the )?(?:data )?processor|on behalf of (?:our |its )?(?:customers|clients))\b/i,
  },
  {
    id: 'gdpr_dpia',
    frameworks: ['GDPR', 'ISO 27701'],
    label: 'data protection impact assessment for high-risk processing',
    requirement:
      'GDPR Art. 35: a data protection impact assessment before processing likely to result in a high risk; ISO/IEC 27701 7.2.5 privacy impact assessment',
    query: 'data protection impact assessment DPIA high risk processing',
    present: [
      /\b(DPIAs?|PIAs?|(?:data protection|privacy) impact assessments?|impact assessments? (?:of|on) (?:privacy|data protection))\b/i,
    ],
    related: /\b(privacy|high risk)\b/i,
    severity: 'medium',
  },
  {
    id: 'dora_exit_strategy',
    frameworks: ['DORA'],
    label: 'exit strategies for ICT third-party services supporting critical or important functions',
    requirement:
      'DORA Art. 28(8): documented and tested exit strategies (and transition plans) for ICT services supporting critical or important functions',
    query: 'exit strategy transition plan ICT third-party provider termination critical functions',
    present: [
      /\b(exit (?:strateg\w*|plans?|management|arrangements?)|transition (?:plans?|assistance|out)|termination and exit|stressed exit|exit[- ]test\w*)\b/i,
    ],
    related: /\b(third[- ]part\w*|providers?|terminat\w*)\b/i,
    severity: 'medium',
  },
  {
    id: 'pci_cardholder_data_retention',
    frameworks: ['PCI DSS'],
    label: 'retention limits and secure deletion of stored account data',
    requirement:
      'PCI DSS v4.0 3.2.1: account data storage is kept to a minimum through retention and disposal policies, with secure deletion when no longer needed',
    query: 'cardholder account data retention period deletion purge',
    present: [
      /\b(retain\w*|retention|stor(?:e|ed|age)|kept|purg\w*|delet\w*|dispos\w*)\b/i,
      /\b(cardholder|account data|card data|PANs?|primary account numbers?)\b/i,
    ],
    related: /\b(cardholder|card)\b/i,
    severity: 'medium',
  },
  // HIPAA Security Rule safeguards policy sets commonly leave out (administrative, physical, technical).
  {
    id: 'hipaa_security_official',
    frameworks: ['HIPAA'],
    label: 'assigned security official responsible for the security policies',
    requirement:
      'HIPAA 164.308(a)(2): identify the security official responsible for developing and implementing the security policies and procedures',
    query: 'security official officer responsible security policies',
    present: [
      /\b(security (?:official|officer)|CISO|chief (?:information )?security officer|(?:director|head|manager) of (?:information |cyber ?)?security|(?:information|cyber) ?security (?:director|manager|lead|officer))\b/i,
    ],
    related: /\b(responsib\w*|officer|official)\b/i,
    severity: 'medium',
  },
  {
    id: 'hipaa_device_media_disposal',
    frameworks: ['HIPAA'],
    label: 'disposal and re-use of devices and media holding ePHI',
    requirement:
      'HIPAA 164.310(d)(2)(i)-(ii): policies for the final disposal of ePHI and the hardware or media it is stored on, and removal of ePHI before media are re-used',
    query: 'disposal media devices wipe destroy reuse ePHI',
    present: [
      /\b(saniti[sz]\w*|destroy\w*|destruction|degauss\w*|shred\w*|wip(?:e|ed|es|ing)|dispos\w*|crypto-?eras\w*)\b/i,
      /\b(media|drives?|disks?|devices?|USB|storage|laptops?|hardware|equipment|phones?)\b/i,
    ],
    related: /\b(media|devices?)\b/i,
    severity: 'medium',
  },
  {
    id: 'hipaa_automatic_logoff',
    frameworks: ['HIPAA'],
    label: 'automatic logoff or session lock after inactivity',
    requirement:
      'HIPAA 164.312(a)(2)(iii): electronic procedures that terminate a session after a predetermined time of inactivity',
    query: 'automatic logoff session lock inactivity timeout',
    present: [
      /\b(automatic(?:ally)? log-?(?:off|out)|auto-?log-?(?:off|out)|log(?:ged|s)? (?:off|out) automatically|session (?:lock|locks|time-?outs?|terminat\w*)|screen ?(?:lock|saver)|lock(?:s|ed)? (?:automatically|after)|inactivity|idle)\b/i,
    ],
    related: /\b(sessions?|workstations?|log-?(?:on|in|off))\b/i,
    severity: 'medium',
  },
  {
    id: 'hipaa_emergency_access',
    frameworks: ['HIPAA'],
    label: 'emergency access procedure for ePHI',
    requirement:
      'HIPAA 164.312(a)(2)(ii) and 164.308(a)(7)(ii)(C): procedures for obtaining necessary ePHI during an emergency, and emergency mode operation',
    query: 'emergency access break glass emergency mode operation downtime',
    present: [
      /\b(emergency access|break[- ]?(?:the[- ])?glass|emergency[- ]mode|downtime (?:procedures?|access|reports?|workstations?))\b/i,
    ],
    related: /\b(emergenc\w*|downtime)\b/i,
    severity: 'medium',
  },
  {
    id: 'hipaa_unique_user_identification',
    frameworks: ['HIPAA'],
    label: 'unique user identification',
    requirement: 'HIPAA 164.312(a)(2)(i): assign a unique name or number to identify and track each user',
    query: 'unique user ID identification individual accounts shared accounts',
    present: [
      /\b(unique (?:user ?)?(?:IDs?|identifiers?|identification|accounts?|user ?names?|log-?ins?|credentials)|shared (?:accounts?|log-?ins?|credentials|passwords?|user ?IDs?)|(?:individual|personal|named) (?:user )?(?:accounts?|IDs?|log-?ins?|credentials))\b/i,
    ],
    related: /\b(accounts?|users?)\b/i,
    severity: 'medium',
  },
  {
    id: 'hipaa_facility_access',
    frameworks: ['HIPAA'],
    label: 'facility access controls',
    requirement:
      'HIPAA 164.310(a)(1): policies limiting physical access to electronic information systems and the facilities that house them',
    query: 'physical access facility badge visitors server room locked',
    present: [
      /\b(badge\w*|key ?cards?|visitors?|physical (?:access|security)|facilit\w* access|locked (?:rooms?|doors?|server rooms?|cabinets?|closets?)|escort\w*|CCTV)\b/i,
    ],
    related: /\b(physical\w*|facilit\w*|premises)\b/i,
    severity: 'medium',
  },
  // ASD Essential Eight: the eight mitigation strategies (backups and MFA are shared elements).
  {
    id: 'e8_application_control',
    frameworks: ['Essential Eight'],
    label: 'application control (only approved programs may execute)',
    requirement:
      'Essential Eight: application control, so that only approved applications, scripts, installers and libraries can execute on workstations and servers',
    query: 'application control allowlisting approved applications execute',
    present: [
      /\b(application (?:control|allow-?listing|white-?listing)|allow-?list\w*|white-?list\w*|software restriction polic\w*|AppLocker|WDAC|(?:approved|authori[sz]ed) (?:applications|software|programs|executables)\b[^.]{0,40}\b(?:execut\w*|run)|(?:block\w*|prevent\w*)\b[^.]{0,30}\b(?:unapproved|unauthori[sz]ed) (?:applications|software|programs|executables))/i,
    ],
    related: /\b(applications?|executables?|software)\b/i,
    severity: 'high',
  },
  {
    id: 'e8_patch_applications',
    frameworks: ['Essential Eight'],
    label: 'patching of applications',
    requirement:
      'Essential Eight: patch applications (security vulnerabilities in applications patched within set timeframes)',
    query: 'patch applications browsers office security updates',
    present: [PATCHING, /\b(applications?|software|browsers?|office|PDF)\b/i],
    related: /\b(patch\w*|vulnerabilit\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'e8_patch_operating_systems',
    frameworks: ['Essential Eight'],
    label: 'patching of operating systems',
    requirement:
      'Essential Eight: patch operating systems (security vulnerabilities in operating systems patched within set timeframes)',
    query: 'patch operating systems security updates',
    present: [PATCHING, /\b(operating systems?|OS|firmware)\b/i],
    related: /\b(patch\w*|vulnerabilit\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'e8_macro_settings',
    frameworks: ['Essential Eight'],
    label: 'configuration of Microsoft Office macro settings',
    requirement:
      'Essential Eight: configure Microsoft Office macro settings (macros from the internet blocked)',
    query: 'office macro settings blocked internet',
    present: [/\bmacros?\b/i],
    related: /\b(office|documents?|attachments?)\b/i,
    severity: 'medium',
  },
  {
    id: 'e8_user_application_hardening',
    frameworks: ['Essential Eight'],
    label: 'user application hardening',
    requirement:
      'Essential Eight: user application hardening (web browsers, office and PDF software hardened)',
    query: 'user application hardening web browsers',
    present: [
      /\b(?:user )?application hardening|\bbrowser hardening|\bharden\w*\b[^.]{0,60}\b(browsers?|office|PDF|applications?)\b|\bbrowsers?\b[^.]{0,60}\b(harden\w*|block\w*|disabl\w*)/i,
    ],
    related: /\b(harden\w*|browsers?)\b/i,
    severity: 'medium',
  },
  {
    id: 'e8_restrict_admin_privileges',
    frameworks: ['Essential Eight'],
    label: 'restriction of administrative privileges',
    requirement:
      'Essential Eight: restrict administrative privileges (validated, limited, separate privileged accounts)',
    query: 'restrict administrative privileges privileged accounts',
    present: [
      /\b(?:administrative|admin(?:istrator)?|privileged)\s+(?:privileges?|accounts?|access|rights|users?)\b/i,
      /\b(restrict\w*|limit\w*|separate|review\w*|approv\w*|validat\w*|just[- ]in[- ]time)\b/i,
    ],
    alternatives: [[/\bleast privilege\b/i]],
    related: /\b(privileg\w*|admin\w*)\b/i,
    severity: 'high',
  },
  // NIST SP 800-171 / CMMC Level 2 requirements that policy sets commonly leave out.
  {
    id: 'nist171_fips_validated_crypto',
    frameworks: ['NIST SP 800-171'],
    label: 'FIPS-validated cryptography for controlled unclassified information',
    requirement:
      'NIST SP 800-171 3.13.11 (CMMC SC.L2-3.13.11): employ FIPS-validated cryptography (FIPS 140-2/140-3 validated modules) when used to protect the confidentiality of CUI',
    query: 'FIPS validated cryptography encryption module CUI',
    present: [
      /\b(FIPS(?:[- ]?140(?:-[23])?)?[- ](?:validated|approved|compliant|certified)|FIPS 140-?[23]?|CMVP|validated (?:cryptographic )?modules?|cryptographic modules? (?:validated|certified))\b/i,
    ],
    related: /\b(encrypt\w*|crypt\w*|AES)\b/i,
    severity: 'high',
  },
  {
    id: 'nist171_system_security_plan',
    frameworks: ['NIST SP 800-171'],
    label: 'system security plan',
    requirement:
      'NIST SP 800-171 3.12.4 (CMMC CA.L2-3.12.4): a system security plan describing the system boundary, environment and how each requirement is met',
    query: 'system security plan SSP boundary',
    present: [/\b(system security plans?|SSPs?)\b/i],
    related: /\b(plan|boundary)\b/i,
    severity: 'high',
  },
  {
    id: 'nist171_poam',
    frameworks: ['NIST SP 800-171'],
    label: 'plans of action for unmet security requirements',
    requirement:
      'NIST SP 800-171 3.12.2 (CMMC CA.L2-3.12.2): plans of action to correct deficiencies and reduce or eliminate vulnerabilities',
    query: 'plan of action and milestones POA&M deficiencies',
    present: [/\b(plans? of action(?: and milestones)?|POA&?Ms?|remediation plans?)\b/i],
    related: /\b(deficienc\w*|gaps?)\b/i,
    severity: 'medium',
  },
  {
    id: 'nist171_media_sanitization',
    frameworks: ['NIST SP 800-171'],
    label: 'sanitization or destruction of media before disposal or reuse',
    requirement:
      'NIST SP 800-171 3.8.3 (CMMC MP.L2-3.8.3): sanitize or destroy system media containing CUI before disposal or release for reuse',
    query: 'media sanitization destruction disposal reuse',
    present: [
      /\b(saniti[sz]\w*|destroy\w*|destruction|degauss\w*|shred\w*|wip(?:e|ed|es|ing)|crypto-?eras\w*)\b/i,
      /\b(media|drives?|disks?|devices?|USB|storage|laptops?)\b/i,
    ],
    related: /\bmedia\b/i,
    severity: 'medium',
  },
  {
    id: 'dfars_cyber_incident_reporting',
    frameworks: ['DFARS 7012'],
    label: 'reporting of cyber incidents to the DoD within 72 hours',
    requirement:
      'DFARS 252.204-7012(c): rapidly report cyber incidents affecting covered defense information to the DoD (DIBNet) within 72 hours of discovery, preserve images for 90 days',
    query: 'cyber incident report DoD DIBNet 72 hours covered defense information',
    present: [
      /\b(DoD|DIBN[Ee]t|DC3|Department of Defen[cs]e|contracting officer|cyber incidents?)\b/i,
      SEVENTY_TWO_HOURS,
    ],
    related: /\b(incidents?|report\w*)\b/i,
    severity: 'high',
  },
  {
    id: 'dfars_subcontractor_flow_down',
    frameworks: ['DFARS 7012'],
    label: 'flow-down of DFARS 252.204-7012 to subcontractors handling covered defense information',
    requirement:
      'DFARS 252.204-7012(m): include the clause in subcontracts for operationally critical support or where subcontract performance involves covered defense information',
    query: 'DFARS 7012 flow down subcontractors suppliers covered defense information',
    present: [/\b(7012|DFARS)\b/i, /\b(sub-?contract\w*|suppliers?|vendors?|flow[- ]?down|flowed down)\b/i],
    related: /\b(sub-?contract\w*|suppliers?)\b/i,
    severity: 'high',
  },
];

export const REQUIRED_ELEMENTS: RequiredElement[] = [...INLINE_ELEMENTS, ...elementsFromData()];

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
  }
  return [...out];
}

export function elementsFor(frameworks: string[]): RequiredElement[] {
  const scope = new Set(normaliseFrameworks(frameworks));
  return REQUIRED_ELEMENTS.filter((e) => e.frameworks.some((f) => scope.has(f)));
}
