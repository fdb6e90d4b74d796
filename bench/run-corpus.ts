// A synthetic client corpus for bench:run: varied policy-like documents (numbered sections,
// document-control headers, cross-references), evidence e-mails and logs, with conflicts,
// superseded standards, broken references and stale reviews planted at random. Deterministic for
// a seed.

import type { Intake } from '@auditsvc/engine';

/** The intake the bench runs give the synthetic corpus. */
export const SYNTHETIC_INTAKE: Intake = {
  domain: 'software',
  audit_purpose: 'SOC 2 readiness',
  frameworks: ['SOC 2', 'ISO 27001'],
  focus_areas: ['access control', 'logging', 'encryption'],
  materiality: null,
  doc_hierarchy: null,
  known_concerns: [],
};

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const TOPICS = [
  {
    name: 'Password',
    sentence: (v: string) => `User passwords expire every ${v} and must be changed at the next login.`,
    values: ['90 days', '60 days', 'six months', '180 days'],
  },
  {
    name: 'Backup',
    sentence: (v: string) => `Production database backups are retained for ${v} and then destroyed.`,
    values: ['30 days', '90 days', '35 days', 'one year'],
  },
  {
    name: 'Logging',
    sentence: (v: string) => `Audit logs must be retained for at least ${v}.`,
    values: ['one year', '90 days', '2 years'],
  },
  {
    name: 'Encryption',
    sentence: (v: string) => `Company laptops must use full-disk encryption with ${v}.`,
    values: ['AES-256', 'AES-128'],
  },
  {
    name: 'Access',
    sentence: (v: string) => `System owners perform ${v} access reviews of all production systems.`,
    values: ['quarterly', 'monthly', 'annual'],
  },
  {
    name: 'Vendor',
    sentence: (v: string) =>
      `Vendors must notify the company of any security incident within ${v} of discovery.`,
    values: ['72 hours', '24 hours', '30 days'],
  },
  {
    name: 'Key',
    sentence: (v: string) => `Encryption keys must be rotated every ${v}.`,
    values: ['12 months', '6 months', '24 months'],
  },
  {
    name: 'Training',
    sentence: (v: string) => `All staff complete security awareness training ${v}.`,
    values: ['annually', 'quarterly'],
  },
];

const FILLER = [
  'This document applies to all employees, contractors and third parties with access to company systems.',
  'Owners are accountable for implementing the controls described here and for reporting exceptions to the security team.',
  'Exceptions must be approved in writing by the Chief Information Security Officer and recorded in the risk register.',
  'Controls are selected on the basis of the risk assessment and reviewed when systems change materially.',
  'Records produced under this document are kept in the document management system with restricted access.',
  'Changes to production systems follow the change management procedure, including peer review and approval.',
  'Incidents are triaged by the on-call engineer, who records the timeline and the actions taken.',
  'Data is classified as public, internal, confidential or restricted, and handled according to its class.',
];

const STANDARDS = [
  'NIST SP 800-53 Rev. 5',
  'NIST SP 800-53 Rev. 4',
  'ISO/IEC 27001:2022',
  'ISO/IEC 27001:2013',
  'PCI DSS v4.0',
  'PCI DSS v3.2.1',
];

export interface SyntheticFile {
  name: string;
  text: string;
}

export function syntheticCorpus(documents: number, seed = 7): SyntheticFile[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const files: SyntheticFile[] = [];
  const titles: string[] = [];
  for (let i = 0; i < documents; i += 1) {
    const topic = TOPICS[i % TOPICS.length]!;
    const kind = pick(['Policy', 'Procedure', 'Standard', 'Plan']);
    const title = `${topic.name} ${kind} ${i + 1}`;
    titles.push(title);
    if (i % 25 === 24) {
      // Evidence: an e-mail announcing a practice, sometimes contradicting the policies.
      files.push({
        name: `ops-note-${i + 1}.eml`,
        text:
          `From: ops@example.test\nTo: it@example.test\nSubject: ${topic.name} practice\nDate: Mon, 3 Jun 2024 10:00:00 +0000\n` +
          `MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nHi all,\n\nStarting next month: ${topic.sentence(pick(topic.values))}\n\nOps\n`,
      });
      continue;
    }
    const year = 2018 + Math.floor(random() * 7);
    const lines = [
      `# ${title}`,
      '',
      '| Field | Value |',
      '|---|---|',
      `| Version | ${1 + Math.floor(random() * 4)}.${Math.floor(random() * 10)} |`,
      `| Last reviewed | ${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)} |`,
      '',
    ];
    const sections = 4 + Math.floor(random() * 5);
    for (let s = 1; s <= sections; s += 1) {
      lines.push(
        `${s}. ${pick(['Purpose', 'Scope', 'Requirements', 'Responsibilities', 'Controls', 'Monitoring', 'Exceptions', 'Maintenance'])}`,
      );
      for (let p = 1; p <= 3 + Math.floor(random() * 4); p += 1) {
        let sentence = pick(FILLER);
        if (s === 3 && p === 1) sentence = topic.sentence(pick(topic.values));
        if (s === 2 && p === 2 && random() < 0.3) sentence = `The program follows ${pick(STANDARDS)}.`;
        if (s === 4 && p === 1 && i > 0 && random() < 0.1)
          sentence = `Escalations follow Section ${5 + Math.floor(random() * 6)}.${1 + Math.floor(random() * 4)} of the ${pick(titles.slice(0, i))}.`;
        lines.push(`${s}.${p} ${sentence}`);
      }
      lines.push('');
    }
    lines.push(
      `${sections + 1}. Review`,
      `${sections + 1}.1 This ${kind.toLowerCase()} is reviewed annually by its owner.`,
    );
    files.push({ name: `${title.replace(/\s+/g, '-')}.md`, text: lines.join('\n') });
  }
  return files;
}
