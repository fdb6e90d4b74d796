// The concepts whose stated values the analyst aligns across documents. A sentence speaks about
// a concept when it names the subject and (where given) the action; the value is the concept's
// kind of quantity in that sentence. Scopes keep apart statements about different populations of
// one concept (user vs. system passwords, vendor vs. employee incident reporting), which may
// legitimately differ.
import type { Severity } from '../types';
import type { QuantityKind } from './quantities';

export interface ConceptScope {
  name: string;
  pattern: RegExp;
  /**
   * The scope's things are among those a general statement covers (privileged accounts among all
   * accounts): another document's general rule that sets nothing apart for them binds them too.
   */
  coveredByGeneral?: boolean;
}

export interface ConceptDefinition {
  id: string;
  label: string;
  kind: QuantityKind;
  subject: RegExp;
  action?: RegExp;
  /**
   * The action classes of analyst/requirements.ts its values attach to ("backup" for a backup
   * frequency); a value the sentence attaches to another action is about something else.
   */
  actions?: string[];
  /** Sentences that match are about something else. */
  exclude?: RegExp;
  /** For strengths: the range of bit sizes that belong to the concept (AES vs RSA keys). */
  strengthRange?: [number, number];
  /** For counts: the unit words after the number. */
  countUnit?: RegExp;
  scopes?: ConceptScope[];
  /** Statements without a scope are too vague to compare (e.g. "information is kept 2 years"). */
  requireScope?: boolean;
  /**
   * The concept applies to many kinds of thing (records of every sort): a statement counts only
   * when it names what it is about, and statements are compared only with others about the same
   * thing (their topics, the key nouns of the object, overlap). The scope becomes that topic.
   */
  requireTopic?: boolean;
  /** A section heading may carry the action ("3. Retention periods" above a schedule table). */
  actionInHeading?: boolean;
  /** A lifetime ("a cryptoperiod of 24 months") states how often the thing is renewed. */
  durationsAsPeriods?: boolean;
  /** Every stated value is a limit ("RTO 4 hours" means within 4 hours), bound words or not. */
  valueIsLimit?: boolean;
  /**
   * A time to act this long or longer (in days) is another rule's value: "C-5 Debtor access request
   * files | Two (2) years | Response to the request" is how long the files are kept.
   */
  maxDays?: number;
  /** Retrieval query for the concept. */
  query: string;
  severity: Severity;
  /** Focus-area words that raise the concept's priority. */
  focus: string[];
}

// A contractor named among the workforce ("any employee, consultant or contractor who notices an
// incident") is one of the organisation's own people, not a provider bound by a contract; a vendor
// in a compound ("a vendor-reported incident") says where the thing came from, not whom the rule
// binds.
const VENDOR_SCOPE: ConceptScope = {
  name: 'vendors',
  pattern:
    /\b(vendors?|providers?|suppliers?|subcontractors?|sub-processors?|processors?|third[- ]part(?:y|ies)|business associates?|(?<!\b(?:employees?|staff|workers?|consultants?|personnel)\b[^.;]{0,30})contractors?|carriers?|hauliers?|outsourc\w*|business partners?)\b(?!-[a-z])/i,
};

export const CONCEPTS: ConceptDefinition[] = [
  {
    id: 'password_expiry',
    label: 'password expiry interval',
    kind: 'period',
    subject: /\bpass(?:word|phrase)s?\b/i,
    action: /\b(expir\w*|rotat\w*|chang\w*|reset)\b/i,
    exclude: /\b(compromis\w*|suspect\w*|reuse\w*|history)\b/i,
    scopes: [
      {
        name: 'privileged and system accounts',
        pattern: /\b(system[- ]level|admin\w*|privileged|service[- ]accounts?|root)\b/i,
      },
      { name: 'user accounts', pattern: /\buser/i },
    ],
    query: 'password expire rotate change every days months',
    severity: 'medium',
    focus: ['access', 'password', 'authentication', 'identity'],
  },
  {
    id: 'password_length',
    label: 'minimum password length',
    kind: 'count',
    subject: /\bpass(?:word|phrase)s?\b/i,
    countUnit: /characters?/,
    scopes: [
      {
        name: 'privileged and system accounts',
        pattern: /\b(system[- ]level|admin\w*|privileged|service[- ]accounts?|root)\b/i,
      },
    ],
    query: 'password minimum length characters',
    severity: 'medium',
    focus: ['access', 'password', 'authentication'],
  },
  {
    id: 'account_lockout',
    label: 'account lockout threshold',
    kind: 'count',
    subject: /\block(?:ed|out|s)?\b/i,
    countUnit: /(?:attempts?|tries)/,
    query: 'account locked failed login attempts',
    severity: 'low',
    focus: ['access', 'authentication'],
  },
  {
    id: 'session_timeout',
    label: 'idle session timeout',
    kind: 'duration',
    // "lock after 15 minutes without use": no activity, however it is said.
    subject: /\b(idle|inactiv\w*|session|unattended|without (?:use|activity|input)|no (?:activity|input))\b/i,
    // A configuration setting names the timer itself: "Machine inactivity limit", "idle time limit".
    action: /\b(lock\w*|time ?outs?|log(?:ged)? ?(?:off|out)|terminat\w*|disconnect\w*|limits?|timers?)\b/i,
    query: 'session idle inactivity timeout lock minutes',
    severity: 'low',
    focus: ['access', 'workstation', 'endpoint'],
  },
  {
    id: 'backup_frequency',
    actions: ['backup'],
    label: 'backup frequency',
    kind: 'period',
    subject: /\bback(?:ups?|ed up)\b/i,
    // Tests and exercises (restore tests, failover tests) have their own frequency.
    exclude:
      /\b(restore test|test(?:ed|ing)? (?:the )?restor|(?:failover|recovery|continuity|DR|BCP) (?:tests?|exercises?|drills?))/i,
    scopes: [
      { name: 'full backups', pattern: /\bfull\b/i },
      { name: 'incremental backups', pattern: /\b(incremental|differential)\b/i },
    ],
    query: 'backups taken daily weekly frequency database backup schedule',
    severity: 'high',
    focus: ['backup', 'recovery', 'continuity', 'availability'],
  },
  {
    id: 'backup_retention',
    label: 'backup retention period',
    kind: 'duration',
    subject: /\bback(?:ups?|ed up)\b/i,
    action: /\b(retain\w*|retention|kept|keep|stored for|preserv\w*|destroy\w*|delet\w*|purg\w*)\b/i,
    query: 'backups retained retention days destroyed',
    severity: 'high',
    focus: ['backup', 'recovery', 'retention'],
  },
  {
    id: 'restore_test_frequency',
    actions: ['test', 'restore'],
    label: 'restore test frequency',
    kind: 'period',
    subject: /\b(restor\w*|backup tests?|tests? of backup\w*)\b/i,
    action: /\btest\w*/i,
    exclude: /\b(tabletop|plan is tested|disaster recovery|continuity)\b/i,
    query: 'restore test performed every quarter recovery test',
    severity: 'medium',
    focus: ['backup', 'recovery', 'continuity'],
  },
  {
    id: 'recovery_point_objective',
    label: 'recovery point objective',
    kind: 'duration',
    subject: /\b(recovery point objective|RPO)\b/,
    valueIsLimit: true,
    query: 'recovery point objective RPO hours',
    severity: 'high',
    focus: ['backup', 'recovery', 'continuity', 'availability'],
  },
  {
    id: 'recovery_time_objective',
    label: 'recovery time objective',
    kind: 'duration',
    // "restoration of the service within 12 hours" states a recovery time without naming it.
    subject: /\b(recovery time objective|RTO|restor(?:e|ed|es|ation|ing)\b[^.;]{0,60}?\bwithin)\b/,
    exclude: /\b(restore tests?|test(?:ed|ing)? (?:the )?restor\w*|from backup)\b/i,
    valueIsLimit: true,
    query: 'recovery time objective RTO hours restore restoration disaster declaration',
    severity: 'medium',
    focus: ['recovery', 'continuity', 'availability'],
  },
  {
    id: 'log_retention',
    label: 'log retention period',
    kind: 'duration',
    subject: /\b(logs?(?!-(?:in|on|off)\b)|logging|audit trails?)\b/i,
    // "maintained ... for a rolling period of 180 days" keeps them as long.
    action:
      /\b(retain\w*|retention|kept|keep|stor(?:e|ed|age) for|preserv\w*|delet\w*|purg\w*|maintain\w*\b[^.;]{0,60}\bfor a (?:rolling |minimum )?period)\b/i,
    exclude: /\blog ?in\b/i,
    query: 'logs retained retention kept days year audit logs',
    severity: 'high',
    focus: ['log', 'monitoring', 'audit'],
  },
  {
    id: 'log_review_frequency',
    actions: ['review', 'assess', 'scan'],
    label: 'log review frequency',
    kind: 'period',
    subject: /\blogs?\b(?!-(?:in|on|off)\b)/i,
    action: /\breview\w*/i,
    exclude: /\blog ?in\b/i,
    query: 'logs reviewed monthly weekly review frequency',
    severity: 'medium',
    focus: ['log', 'monitoring'],
  },
  {
    id: 'access_review_frequency',
    actions: ['review', 'assess'],
    label: 'access review frequency',
    kind: 'period',
    subject:
      /\b(access reviews?|review(?:s|ed)? (?:of )?(?:[a-z-]+ ){0,5}?(?:access|accounts|permissions|privileges)\b|(?:access|accounts?|permissions?|privileges?)(?: rights?)?\b(?![^.;:]{0,120}\blogs?\b)[^.;:]{0,120}?\b(?:are|is|will be|must be|shall be)(?: [a-z]+ed\b[^.;:,]{0,60}? and)? reviewed|access to (?![^.;:]{0,160}\blogs?\b)[^.;:]{0,160}?\b(?:are|is|will be|must be|shall be) reviewed|recertif\w*)/i,
    // "User access to the WMS, the Gateway and the console, including all privileged accounts, is
    // reviewed quarterly": what is reviewed is the access, however long the list of systems; and
    // "must be approved by the ISM and reviewed quarterly" (one verb phrase, no list between).
    scopes: [
      {
        name: 'privileged and system accounts',
        pattern: /\b(system[- ]level|admin\w*|privileged|service[- ]accounts?|root|superusers?)\b/i,
        coveredByGeneral: true,
      },
    ],
    query: 'access reviews quarterly review accounts permissions',
    severity: 'high',
    focus: ['access'],
  },
  {
    id: 'access_revocation',
    label: 'access revocation on termination',
    kind: 'duration',
    subject:
      /\b(terminat\w*|depart\w*|leav\w*|separat\w*|offboard\w*|resign\w*|dismiss\w*|retir(?:e|es|ed|ing|ement)|end of (?:employment|engagement|contract)|last (?:working )?day)\b/i,
    action: /\b(revok\w*|remov\w*|disabl\w*|deactivat\w*|terminates access)\b/i,
    query: 'access revoked termination departing days',
    severity: 'medium',
    focus: ['access', 'onboarding', 'termination'],
  },
  {
    id: 'incident_notification',
    actions: ['notify', 'acknowledge'],
    label: 'security incident notification window',
    kind: 'duration',
    // "Cybersecurity Event" is what insurance and financial regulators' rules call an incident; a
    // "security compromise" is what South Africa's POPIA calls a breach.
    subject: /\b(incidents?|breach\w*|cyber ?security events?|security compromises?)\b/i,
    action: /\b(notif\w*|notice|report\w*|inform\w*|escalat\w*)\b/i,
    // A breach of the contract ("fails to remedy any other breach within fourteen (14) days of
    // notice") is no security incident, unless the sentence says it is one.
    exclude:
      /^(?![\s\S]*\b(?:incidents?|personal data|data breach\w*|security|compromise\w*)\b)[\s\S]*(?:\b(?:remed\w*|cure[sd]?|curing)\b[^.;]{0,40}\bbreach|\bmaterial breach|\bbreach(?:es)? of (?:this|the|its|any) (?:agreement|contract|terms|obligations?|warrant\w*))/i,
    scopes: [
      VENDOR_SCOPE,
      {
        name: 'affected individuals and regulators',
        pattern:
          /\b(individuals?|regulators?|authorit\w*|secretary|HHS|media|supervisory|data subjects?|customers?|patients?|commissioners?|ombudsm[ae]n)\b/i,
      },
      {
        name: 'internal reporting',
        pattern:
          /\b(users?|employees?|managers?|staff|workforce|ISM|personnel|security operations|SOC|security team|service desk|help ?desk)\b/i,
      },
    ],
    query: 'notify security incident within hours days discovery notification',
    severity: 'high',
    focus: ['incident', 'vendor', 'breach'],
  },
  {
    id: 'encryption_strength',
    label: 'encryption strength',
    kind: 'strength',
    subject: /\b(encrypt\w*|cipher\w*|AES|RSA|key (?:size|length))\b/i,
    scopes: [
      {
        name: 'endpoint devices',
        pattern: /\b(laptops?|workstations?|endpoints?|full[- ]disk|desktops?|mobile devices?|devices)\b/i,
      },
      { name: 'data in transit', pattern: /\b(in transit|TLS|SSL|HTTPS|VPN)\b/i },
      { name: 'data at rest', pattern: /\b(at rest|databases?|storage|backups?)\b/i },
    ],
    strengthRange: [64, 512],
    query: 'encryption AES 256 128 full-disk laptops key size',
    severity: 'high',
    focus: ['encryption', 'cryptograph'],
  },
  {
    id: 'key_rotation',
    label: 'key rotation interval',
    kind: 'period',
    subject: /\b(keys?|certificates?|secrets?)\b/i,
    action: /\b(rotat\w*|cryptoperiods?|renew\w*|lifetime)\b/i,
    exclude: /\bpass(?:word|phrase)/i,
    durationsAsPeriods: true,
    scopes: [
      { name: 'VPN keys', pattern: /\bVPN\b/i },
      { name: 'certificates', pattern: /\bcertificat\w*/i },
    ],
    query: 'rotate keys every months key rotation',
    severity: 'medium',
    focus: ['encryption', 'key'],
  },
  {
    id: 'vulnerability_remediation',
    label: 'vulnerability remediation deadline',
    kind: 'duration',
    subject: /\b(vulnerabilit\w*|patch\w*)\b/i,
    action: /\b(remediat\w*|resolv\w*|fix\w*|patch\w*|appl\w*)\b/i,
    scopes: [
      { name: 'critical', pattern: /\bcritical\b/i },
      { name: 'high', pattern: /\bhigh\b/i },
      { name: 'medium', pattern: /\b(medium|moderate)\b/i },
      { name: 'low', pattern: /\blow\b/i },
    ],
    query: 'vulnerabilities remediated patched within days critical high',
    severity: 'medium',
    focus: ['vulnerability', 'patch'],
  },
  {
    id: 'training_frequency',
    actions: ['train'],
    label: 'security awareness training frequency',
    kind: 'period',
    subject: /\b(training|awareness)\b/i,
    query: 'security awareness training annually employees',
    severity: 'low',
    focus: ['training', 'awareness'],
  },
  {
    id: 'risk_assessment_frequency',
    actions: ['assess', 'review'],
    label: 'risk assessment frequency',
    kind: 'period',
    subject: /\brisk (?:assessments?|registers?|analys[ie]s)\b/i,
    exclude: /\b(vendors?|suppliers?|third[- ]part\w*)\b/i,
    query: 'risk assessment performed annually frequency',
    severity: 'medium',
    focus: ['risk', 'vendor'],
  },
  {
    id: 'data_deletion',
    label: 'customer data deletion after termination',
    kind: 'duration',
    subject: /\b(customer data|personal data|client data)\b/i,
    action: /\b(delet\w*|destroy\w*|return\w*|purg\w*)\b/i,
    scopes: [VENDOR_SCOPE],
    query: 'delete customer data termination within days',
    severity: 'medium',
    focus: ['vendor', 'retention', 'privacy'],
  },
];

CONCEPTS.push({
  id: 'record_retention',
  label: 'retention period',
  kind: 'duration',
  // Any retained thing: what it is comes from the statement's topic, not from a fixed list.
  subject: /\b(retain\w*|retention|kept|keep|stored for|archiv\w*|overwritten|deleted after|purged after)\b/i,
  action: /\b(retain\w*|retention|kept|keep|stored for|archiv\w*|overwritten|deleted after|purged after)\b/i,
  exclude: /\b(back(?:ups?|ed up)|logs?|logging|audit trails?)\b/i,
  requireTopic: true,
  actionInHeading: true,
  query: 'records retained retention period years archive',
  severity: 'medium',
  focus: ['retention', 'privacy', 'records'],
});

CONCEPTS.push(
  {
    id: 'plan_testing_frequency',
    actions: ['test', 'review', 'restore'],
    label: 'plan test frequency',
    kind: 'period',
    subject:
      /\b(incident response|disaster recovery|business continuity|continuity plan|tabletop|IR plan|DR plan|BCP|DRP)\b/i,
    action: /\b(test\w*|exercis\w*|rehears\w*|drill\w*)\b/i,
    scopes: [
      { name: 'incident response', pattern: /\bincident\b/i },
      { name: 'disaster recovery', pattern: /\b(disaster|DR plan|DRP)\b/i },
      { name: 'business continuity', pattern: /\b(continuity|BCP)\b/i },
    ],
    query: 'plan tested exercise tabletop annually incident response disaster recovery',
    severity: 'medium',
    focus: ['incident', 'recovery', 'continuity'],
  },
  {
    id: 'penetration_test_frequency',
    actions: ['test', 'assess'],
    label: 'penetration test frequency',
    kind: 'period',
    subject: /\b(penetration test\w*|pen[- ]?test\w*)\b/i,
    query: 'penetration test annually external',
    severity: 'medium',
    focus: ['vulnerability', 'testing'],
  },
  {
    id: 'vulnerability_scan_frequency',
    actions: ['scan', 'test', 'assess'],
    label: 'vulnerability scan frequency',
    kind: 'period',
    subject: /\b(vulnerability scan\w*|scann(?:ed|ing)|scans?)\b/i,
    exclude: /\b(malware|virus|document|barcode)\b/i,
    query: 'vulnerability scans performed monthly quarterly',
    severity: 'medium',
    focus: ['vulnerability', 'scan'],
  },
  {
    id: 'firewall_review_frequency',
    actions: ['review', 'assess'],
    label: 'firewall rule review frequency',
    kind: 'period',
    subject: /\b(firewall\w*|network (?:rules?|configurations?)|security groups?)\b/i,
    action: /\breview\w*/i,
    query: 'firewall rules reviewed every months',
    severity: 'medium',
    focus: ['network', 'firewall'],
  },
  {
    id: 'new_hire_training_deadline',
    label: 'security training deadline for new hires',
    kind: 'duration',
    subject: /\b(training|awareness)\b/i,
    action: /\b(new hires?|newly hired|onboard\w*|joining|start date|hire date|of hire)\b/i,
    query: 'new hires complete security training within days of start',
    severity: 'low',
    focus: ['training', 'onboarding'],
  },
);

CONCEPTS.push({
  id: 'vendor_review_frequency',
  actions: ['review', 'assess'],
  label: 'vendor risk review frequency',
  kind: 'period',
  subject: /\b(vendors?|suppliers?|third[- ]part(?:y|ies)|service providers?)\b/i,
  action: /\b(?:re-?)?(assess|review|evaluat|audit)\w*/i,
  // Reviewing what vendors publish (advisories, bulletins, releases) is not reviewing the vendor,
  // nor is reviewing the accounts or access a vendor holds ("privileged accounts, including
  // supplier accounts, are reviewed every six months"), nor the service levels it meets ("Service
  // levels of Critical suppliers are reviewed monthly").
  exclude:
    /\b(?:vendors?|suppliers?|manufacturers?|third[- ]part(?:y|ies))\s+(?:security\s+)?(advisor\w*|bulletins?|releases?|notices?|patch\w*|updates?|accounts?|access|users?|logins?|credentials?)\b|\b(?:service levels?|SLAs?|KPIs?)\b(?:\s+\w+){0,4}\s+(?:are|is|will be|shall be)\s+(?:reviewed|monitored|discussed)\b/i,
  query: 'vendors reassessed reviewed annually risk assessment',
  severity: 'medium',
  focus: ['vendor', 'third party'],
});

CONCEPTS.push({
  id: 'loss_report_deadline',
  label: 'deadline for reporting a lost or stolen asset',
  kind: 'duration',
  subject: /\b(lost|loss|stolen|theft|missing|misplaced)\b/i,
  action:
    /\b(report\w*|notif\w*|call\w*|contact\w*|inform\w*|tell|telephon\w*|phon\w*|ring|e-?mail\w*|alert\w*|rais\w*)\b/i,
  // Any deadline for telling someone a device, badge, key or token has gone is a limit.
  valueIsLimit: true,
  exclude:
    /\b(data loss prevention|DLP|loss of (?:service|power|availability|connectivity)|lost time|lost revenue)\b/i,
  maxDays: 365,
  query: 'lost stolen device report within hours service desk',
  severity: 'medium',
  focus: ['device', 'mobile', 'endpoint', 'asset', 'incident'],
});

// A quality or cold-chain deviation (a temperature excursion, a process deviation) is told to the
// customer, the regulator or quality within a window, as a security incident is.
CONCEPTS.push({
  id: 'deviation_notification',
  actions: ['notify'],
  label: 'deviation notification window',
  kind: 'duration',
  subject: /\b(?:temperature|quality|process|product|batch|cold[- ]chain)\s+(?:deviations?|excursions?)\b/i,
  action: /\b(notif\w*|notice|report\w*|inform\w*|escalat\w*|tell)\b/i,
  scopes: [VENDOR_SCOPE],
  query: 'notify temperature deviation excursion within hours customer',
  severity: 'high',
  focus: ['quality', 'cold chain', 'temperature', 'vendor'],
});

CONCEPTS.push({
  id: 'consent_validity',
  label: 'validity period of a consent or authorisation',
  kind: 'duration',
  subject: /\b(consents?|authori[sz]ations?|mandates?)\b/i,
  action: /\b(valid\w*|lapses?|lapsing|lapsed|expir\w*|remains? in (?:force|effect))\b/i,
  // A certificate's, a password's or an ID card's validity is another thing's.
  exclude:
    /\b(certificates?|passwords?|tokens?|sessions?|(?:ID|identity|access|smart) cards?|licen[cs]es?|passports?|visas?)\b/i,
  maxDays: 3653,
  query: 'consent remains valid for months lapses days after signature authorisation expires',
  severity: 'medium',
  focus: ['consent', 'privacy', 'personal data', 'disclosure'],
});

CONCEPTS.push({
  id: 'request_response_deadline',
  label: 'deadline for responding to a request',
  kind: 'duration',
  subject: /\b(requests?|enquir(?:y|ies)|inquir(?:y|ies)|complaints?|appeals?|petitions?|grievances?)\b/i,
  action: /\b(respon(?:d|ds|ded|ding|se|ses)|answer\w*|repl(?:y|ies|ied)|fulfil\w*)\b/i,
  valueIsLimit: true,
  // How long request files are kept is a retention rule, not a response time.
  exclude: /\b(kept|keep|retain\w*|retention|stored for|archiv\w*)\b/i,
  maxDays: 365,
  scopes: [
    {
      name: 'requests about personal data',
      // "requests from debtors for copies of their own call recordings" are subject access.
      pattern:
        /\b(personal (?:data|information)|privacy|data subjects?|subject access|DSARs?|DSRs?|rights? requests?|records? requests?|freedom of information|FOI\w*|(?:their|his|her) own (?:[a-z-]+ ){0,2}(?:records?|data|information|recordings?|files?))\b/i,
    },
    { name: 'complaints and appeals', pattern: /\b(complaints?|appeals?|grievances?)\b/i },
    {
      name: 'support requests',
      pattern: /\b(support|service desk|help ?desk|tickets?|change requests?|access requests?)\b/i,
    },
  ],
  query: 'respond to requests within one month calendar days working days response deadline',
  severity: 'medium',
  focus: ['privacy', 'data subject', 'rights', 'request', 'complaint'],
});

CONCEPTS.push({
  id: 'asymmetric_key_length',
  label: 'asymmetric key length',
  kind: 'strength',
  subject: /\b(RSA|asymmetric|public[- ]key|key (?:size|length)|bits? long|DH|Diffie)\b/i,
  strengthRange: [1024, 16384],
  query: 'RSA key length bits minimum',
  severity: 'medium',
  focus: ['encryption', 'key'],
});

export function conceptById(id: string): ConceptDefinition | undefined {
  return CONCEPTS.find((c) => c.id === id);
}
