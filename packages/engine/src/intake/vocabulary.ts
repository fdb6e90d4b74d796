// The word tables the offline intake analyst reads a client description with. Each entry names
// what the intake will say and the patterns that justify saying it; the order of a table is the
// tie-break order.
import type { Archetype } from '@auditsvc/core';

export interface Term {
  label: string;
  patterns: RegExp[];
}

/** Frameworks and regulations by the names auditors write; the label is the canonical name. */
export const FRAMEWORKS: Term[] = [
  { label: 'SOC 2', patterns: [/\bSOC\s*-?\s*2\b/i, /\bSOC\s+II\b/] },
  { label: 'SOC 1', patterns: [/\bSOC\s*-?\s*1\b/i, /\bSSAE\s*18\b/i] },
  { label: 'HIPAA', patterns: [/\bHIPAA\b/i] },
  { label: 'HITECH', patterns: [/\bHITECH\b/i] },
  { label: 'HITRUST', patterns: [/\bHITRUST\b/i] },
  { label: 'ISO 27001', patterns: [/\bISO(?:\/IEC)?\s*27001\b/i] },
  { label: 'ISO 27701', patterns: [/\bISO(?:\/IEC)?\s*27701\b/i] },
  { label: 'ISO 22301', patterns: [/\bISO\s*22301\b/i] },
  { label: 'ISO 9001', patterns: [/\bISO\s*9001\b/i] },
  { label: 'PCI DSS', patterns: [/\bPCI[\s-]*DSS\b/i, /\bPCI\b/] },
  { label: 'GDPR', patterns: [/\bGDPR\b/i, /General Data Protection Regulation/i] },
  { label: 'CCPA', patterns: [/\bCCPA\b/i, /\bCPRA\b/i, /California Consumer Privacy Act/i] },
  { label: 'NIST CSF', patterns: [/\bNIST\s+(?:CSF|Cybersecurity Framework)\b/i, /\bCSF\s*2\.0\b/i] },
  { label: 'NIST SP 800-53', patterns: [/\b800-53\b/] },
  { label: 'NIST SP 800-171', patterns: [/\b800-171\b/] },
  { label: 'CMMC', patterns: [/\bCMMC\b/] },
  { label: 'FedRAMP', patterns: [/\bFedRAMP\b/i] },
  { label: 'FISMA', patterns: [/\bFISMA\b/] },
  { label: 'SOX', patterns: [/\bSOX\b/, /Sarbanes[\s-]+Oxley/i] },
  { label: 'GLBA', patterns: [/\bGLBA\b/, /Gramm[\s-]+Leach[\s-]+Bliley/i] },
  { label: 'FERPA', patterns: [/\bFERPA\b/] },
  { label: 'COBIT', patterns: [/\bCOBIT\b/i] },
  { label: 'CIS Controls', patterns: [/\bCIS\s+(?:Critical Security\s+)?(?:Controls|Benchmarks?)\b/i] },
  { label: 'DORA', patterns: [/\bDORA\b/, /Digital Operational Resilience Act/i] },
  { label: 'NIS2', patterns: [/\bNIS\s*2\b/i] },
];

/** Industries by the words a description of the client's business uses. */
export const INDUSTRIES: Term[] = [
  {
    label: 'healthcare',
    patterns: [
      /\bhealth\s*care\b/gi,
      /\bhealth\b/gi,
      /\bhospitals?\b/gi,
      /\bclinics?\b/gi,
      /\bclinical\b/gi,
      /\bpatients?\b/gi,
      /\bmedical\b/gi,
      /\bphysicians?\b/gi,
      /\be?PHI\b/g,
      /\bEHR\b/g,
      /\bpharma(?:cy|ceutical)\b/gi,
      /\btelehealth\b/gi,
    ],
  },
  {
    label: 'financial services',
    patterns: [
      /\bbank(?:s|ing)?\b/gi,
      /\bcredit unions?\b/gi,
      /\blend(?:er|ers|ing)\b/gi,
      /\bloans?\b/gi,
      /\bpayments?\b/gi,
      /\bfintech\b/gi,
      /\bbrokers?(?:age)?\b/gi,
      /\binvestment\b/gi,
      /\bwealth management\b/gi,
      /\btrading\b/gi,
    ],
  },
  {
    label: 'insurance',
    patterns: [/\binsur(?:er|ers|ance)\b/gi, /\bunderwriting\b/gi, /\bpolicyholders?\b/gi, /\bclaims\b/gi],
  },
  {
    label: 'technology (software and cloud services)',
    patterns: [
      /\bSaaS\b/gi,
      /\bsoftware\b/gi,
      /\bcloud\b/gi,
      /\bplatform\b/gi,
      /\bAPIs?\b/g,
      /\bstart-?up\b/gi,
      /\bhosting\b/gi,
      /\bdata cent(?:er|re)s?\b/gi,
    ],
  },
  {
    label: 'retail and e-commerce',
    patterns: [
      /\bretail(?:er|ers)?\b/gi,
      /\be-?commerce\b/gi,
      /\bmerchants?\b/gi,
      /\bstores?\b/gi,
      /\bshoppers?\b/gi,
    ],
  },
  {
    label: 'manufacturing',
    patterns: [
      /\bmanufactur(?:er|ers|ing)\b/gi,
      /\bfactor(?:y|ies)\b/gi,
      /\bplants?\b/gi,
      /\bindustrial\b/gi,
    ],
  },
  {
    label: 'public sector',
    patterns: [
      /\bgovernment\b/gi,
      /\bagenc(?:y|ies)\b/gi,
      /\bmunicipal(?:ity)?\b/gi,
      /\bcounty\b/gi,
      /\bpublic sector\b/gi,
    ],
  },
  {
    label: 'education',
    patterns: [
      /\buniversit(?:y|ies)\b/gi,
      /\bschools?\b/gi,
      /\bcolleges?\b/gi,
      /\bstudents?\b/gi,
      /\bcampus\b/gi,
    ],
  },
  {
    label: 'energy and utilities',
    patterns: [
      /\butilit(?:y|ies)\b/gi,
      /\benergy\b/gi,
      /\bgrid\b/gi,
      /\boil and gas\b/gi,
      /\bpower generation\b/gi,
    ],
  },
  { label: 'legal services', patterns: [/\blaw firms?\b/gi, /\blegal services\b/gi] },
  { label: 'non-profit', patterns: [/\bnon-?profits?\b/gi, /\bcharit(?:y|ies)\b/gi] },
];

/** A framework in scope is evidence of the industry it regulates. */
export const FRAMEWORK_INDUSTRY: Record<string, string> = {
  HIPAA: 'healthcare',
  HITECH: 'healthcare',
  HITRUST: 'healthcare',
  GLBA: 'financial services',
  DORA: 'financial services',
  FERPA: 'education',
  FedRAMP: 'public sector',
  FISMA: 'public sector',
  CMMC: 'public sector',
};

/** Audit topics, named as the engine's catalog names focus areas. */
export const FOCUS_AREAS: Term[] = [
  {
    label: 'access control',
    patterns: [
      /\baccess (?:control|review|management|rights|provisioning)s?\b/i,
      /\bleast privilege\b/i,
      /\bprivileged (?:access|accounts?|users?)\b/i,
      /\buser access\b/i,
      /\b(?:MFA|multi-?factor|two-?factor)\b/i,
      /\bauthenticat(?:ion|e)\b/i,
      /\bpasswords?\b/i,
      /\b(?:RBAC|role-based)\b/i,
      /\b(?:de)?provisioning\b/i,
      /\b(?:on|off)boarding\b/i,
      /\bterminat(?:ion|ed) (?:users?|employees?|staff)\b/i,
    ],
  },
  {
    label: 'encryption',
    patterns: [
      /\bencrypt\w*/i,
      /\bcryptograph\w*/i,
      /\bTLS\b/,
      /\bkey management\b/i,
      /\bat rest\b/i,
      /\bin transit\b/i,
    ],
  },
  {
    label: 'backup and recovery',
    patterns: [
      /\bback-?ups?\b/i,
      /\brestor(?:e|es|ing|ation)\b/i,
      /\bdisaster recovery\b/i,
      /\bbusiness continuity\b/i,
      /\b(?:RTO|RPO)\b/,
    ],
  },
  {
    label: 'vendor management',
    patterns: [
      /\bvendors?\b/i,
      /\bthird[\s-]part(?:y|ies)\b/i,
      /\bsuppliers?\b/i,
      /\bsub-?processors?\b/i,
      /\bbusiness associates?\b/i,
      /\bBAAs?\b/,
      /\boutsourc\w*/i,
    ],
  },
  {
    label: 'incident response',
    patterns: [/\bincidents?\b/i, /\bbreach(?:es)?\b/i, /\btabletop\b/i, /\bnotification timelines?\b/i],
  },
  {
    label: 'logging',
    patterns: [
      /\blogging\b/i,
      /\blogs\b/i,
      /\blog (?:review|management|retention)\b/i,
      /\bmonitoring\b/i,
      /\bSIEM\b/,
      /\baudit trails?\b/i,
      /\balert(?:s|ing)\b/i,
    ],
  },
  {
    label: 'change management',
    patterns: [
      /\bchange (?:management|control|requests?|approvals?|advisory)\b/i,
      /\bdeployments?\b/i,
      /\breleases?\b/i,
    ],
  },
  {
    label: 'data retention',
    patterns: [
      /\bretention\b/i,
      /\bretain(?:ed|ing)?\b/i,
      /\bdisposal\b/i,
      /\bdata destruction\b/i,
      /\brecords management\b/i,
    ],
  },
  {
    label: 'risk assessment',
    patterns: [/\brisk (?:assessment|register|analysis|management)s?\b/i],
  },
  {
    label: 'security awareness training',
    patterns: [/\b(?:security )?awareness\b/i, /\btraining\b/i, /\bphishing\b/i],
  },
  {
    label: 'vulnerability management',
    patterns: [
      /\bvulnerabilit(?:y|ies)\b/i,
      /\bpatch(?:es|ing)?\b/i,
      /\bpen(?:etration)?[\s-]?test\w*/i,
      /\bscann(?:ing|er)\b/i,
    ],
  },
  {
    label: 'asset management',
    patterns: [
      /\basset (?:inventory|management)\b/i,
      /\b(?:hardware|software) inventory\b/i,
      /\bendpoints?\b/i,
      /\blaptops?\b/i,
    ],
  },
  {
    label: 'network security',
    patterns: [/\bfirewalls?\b/i, /\bnetwork (?:security|segmentation)\b/i, /\bVPNs?\b/],
  },
  {
    label: 'data privacy',
    patterns: [/\bprivacy\b/i, /\bpersonal data\b/i, /\bconsent\b/i, /\bdata subjects?\b/i],
  },
  {
    label: 'data classification',
    patterns: [
      /\bdata classification\b/i,
      /\bclassif(?:y|ied|ication) (?:of )?data\b/i,
      /\bconfidential data\b/i,
    ],
  },
  {
    label: 'policy governance',
    patterns: [
      /\bpolic(?:y|ies) (?:review|management|drift|updates?|lifecycle|owners?)\b/i,
      /\breview (?:dates?|cycles?)\b/i,
      /\boutdated polic(?:y|ies)\b/i,
    ],
  },
];

/** Sentences with these words voice a worry the client already has. */
export const WORRY_WORDS =
  /\b(?:concern(?:s|ed|ing)?|worr(?:y|ied|ies)|may not|might not|may have|might have|not sure|unsure|unclear|drift(?:s|ed|ing)?|outdated|out of date|stale|inconsisten(?:t|cy|cies)|conflict(?:s|ing)?|gaps?(?!\s+(?:assessment|analysis))|missing|lack(?:s|ing)?|never been|haven'?t|hasn'?t|has not|have not|no longer|suspect(?:s|ed)?|fear(?:s|ed)?|afraid|doubt(?:s|ful)?|not (?:been )?(?:tested|updated|reviewed|followed))\b/i;

/** Why the client wants the audit, in the order the purposes are tried. */
export const PURPOSES: { pattern: RegExp; purpose: string }[] = [
  {
    pattern: /\bdue diligence\b|\bacquisition\b|\bmerger\b|\binvestors?\b/i,
    purpose: 'Due diligence review',
  },
  { pattern: /\bgap (?:analysis|assessment)\b/i, purpose: 'Gap assessment' },
  {
    pattern:
      /\breadiness\b|\bprepar(?:e|es|ing|ation) for\b|\bahead of\b|\bupcoming (?:audit|assessment|certification|examination)\b|\bfirst (?:audit|attestation|certification)\b/i,
    purpose: 'Readiness assessment',
  },
  {
    pattern:
      /\bre-?certification\b|\bsurveillance audit\b|\bannual (?:audit|review|assessment)\b|\brenewal\b/i,
    purpose: 'Recurring compliance review',
  },
  {
    pattern: /\bregulators?\b|\bexamin(?:ation|er)s?\b|\benforcement\b/i,
    purpose: 'Regulatory examination preparation',
  },
  {
    pattern: /\bpolic(?:y|ies) review\b|\breview (?:of )?(?:the|their|our) polic/i,
    purpose: 'Policy review',
  },
];

/**
 * Archetype cues. remediation_pipeline: find and fix gaps; continuous_monitoring: watch for drift
 * over time; premium_defensibility: results that must stand before regulators, boards or buyers;
 * capability_leverage: mature or streamline a working programme.
 */
export const ARCHETYPE_CUES: { archetype: Archetype; pattern: RegExp }[] = [
  {
    archetype: 'premium_defensibility',
    pattern:
      /\bregulators?\b|\bexamin(?:ation|er)s?\b|\blitigation\b|\blawsuits?\b|\bboard\b|\bdefensib\w*|\battestation\b|\bcertification\b|\binsurers?\b|\binvestors?\b|\bdue diligence\b|\benforcement\b|\bType II\b/gi,
  },
  {
    archetype: 'continuous_monitoring',
    pattern:
      /\bcontinuous(?:ly)?\b|\bongoing\b|\bmonthly\b|\bquarterly\b|\bevery (?:month|quarter)\b|\bdrift(?:s|ed|ing)?\b|\bover time\b|\bregular(?:ly)? (?:checks?|reviews?)\b/gi,
  },
  {
    archetype: 'capability_leverage',
    pattern:
      /\bmaturity\b|\boptimi[sz](?:e|ing|ation)\b|\bstreamlin\w*|\befficien\w*|\bleverag\w*|\bbenchmark\w*|\bscal(?:e|ing) (?:the|our|their) program\w*/gi,
  },
  {
    archetype: 'remediation_pipeline',
    pattern:
      /\bgaps?\b|\bfix(?:es|ing)?\b|\bremediat\w*|\bweakness(?:es)?\b|\bdeficienc(?:y|ies)\b|\bclean(?:ing)? up\b|\bmissing\b|\breadiness\b/gi,
  },
];

/** Words that end a company name. */
export const COMPANY_SUFFIX =
  /\b((?:[A-Z][\w&'.-]*\s+){0,3}?(?:[A-Z][\w&'.-]*\s+)(?:Inc\.?|LLC|Ltd\.?|Corp\.?|Corporation|Company|Group|Holdings|Health|Healthcare|Bank|Partners|Systems|Technologies|Labs|GmbH|plc|Clinic|Hospital|University|Foundation|Insurance|Financial|Logistics))(?![\w])/;
