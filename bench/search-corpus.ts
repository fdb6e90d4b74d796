// Deterministic synthetic findings for the search benchmark: about 1 KB of audit-like text each,
// with a rare marker planted in one finding of 10,000 and common words in most of them.
import { PRIMITIVES, SEVERITIES } from '@auditsvc/core';
export const RARE_MARKER = 'quasarledger';
export const RARE_EVERY = 10_000;

const SUBJECTS = [
  'The access control policy',
  'The vendor management procedure',
  'The incident response plan',
  'The encryption standard',
  'The data retention schedule',
  'The change management policy',
  'The backup procedure',
  'The logging standard',
  'The workstation policy',
  'The risk register',
  'The business continuity plan',
  'The password policy',
];
const VERBS = [
  'requires',
  'states',
  'omits',
  'contradicts',
  'references',
  'mandates',
  'permits',
  'restricts',
  'delegates',
  'defers',
];
const OBJECTS = [
  'quarterly access reviews',
  'multi-factor authentication for remote access',
  'encryption of laptops at rest',
  'a 72-hour breach notification',
  'annual penetration testing',
  'log retention of twelve months',
  'offsite backups tested monthly',
  'vendor security questionnaires',
  'least-privilege provisioning',
  'termination within 24 hours',
  'key rotation every 90 days',
  'a documented exception process',
];
const QUALIFIERS = [
  'while the procedure document',
  'whereas the signed contract',
  'but the evidence log',
  'although the 2024 revision',
  'yet the operating checklist',
  'and the board-approved summary',
  'but section 7.3 of the standard',
];
const TAILS = [
  'says otherwise.',
  'is silent on the matter.',
  'cites a superseded revision.',
  'names a different owner.',
  'sets a longer period.',
  'lists no control owner.',
  'refers to a missing appendix.',
];

/** Small deterministic PRNG (mulberry32) so every run seeds the same data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function sentence(random: () => number): string {
  return `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)} ${pick(random, QUALIFIERS)} ${pick(random, TAILS)} Ref ${Math.floor(random() * 100000)}.`;
}

function paragraph(random: () => number, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const next = sentence(random);
    parts.push(next);
    length += next.length + 1;
  }
  return parts.join(' ');
}

export interface SyntheticFinding {
  description: string;
  rootCause: string;
  auditorNotes: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  confidence: number;
  primitive: string;
  isCanonical: boolean;
  status: string;
}

const STATUSES = ['pending', 'pending', 'pending', 'accepted', 'rejected', 'refined'];

export function syntheticFinding(index: number, random: () => number): SyntheticFinding {
  const rare = index % RARE_EVERY === 7;
  return {
    description: paragraph(random, 560) + (rare ? ` Marker ${RARE_MARKER} found in annex.` : ''),
    rootCause: paragraph(random, 260),
    auditorNotes: paragraph(random, 140),
    severity: pick(random, SEVERITIES),
    confidence: Math.round(random() * 1000) / 1000,
    primitive: pick(random, PRIMITIVES),
    isCanonical: random() > 0.15,
    status: pick(random, STATUSES),
  };
}
