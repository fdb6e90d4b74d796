// conflict_check on the state of a control: a normative document requires it (MFA is required,
// laptops are encrypted) while another document says it is off (MFA "is disabled on the VPN").
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { isNormative } from '../document-roles';
import { quoteOf, type Issue } from '../issue';
import { jaccard, tokenize } from '../../text/normalize';

export interface ControlDefinition {
  id: string;
  label: string;
  subject: RegExp;
  query: string;
}

export const CONTROLS: ControlDefinition[] = [
  {
    id: 'mfa',
    label: 'multi-factor authentication',
    subject: /\b(multi-?factor|two-?factor|MFA|2FA)\b/i,
    query: 'multi-factor authentication MFA required remote access VPN',
  },
  {
    id: 'disk_encryption',
    label: 'full-disk encryption',
    subject: /\b(full[- ]disk encryption|disk encryption|device encryption|BitLocker|FileVault)\b/i,
    query: 'full-disk encryption laptops enabled',
  },
  {
    id: 'audit_logging',
    label: 'audit logging',
    subject: /\b(audit log\w*|logging)\b/i,
    query: 'audit logging enabled production systems',
  },
  {
    id: 'backups',
    label: 'backups',
    subject: /\bback(?:ups?|ed up)\b/i,
    query: 'backups taken production database',
  },
  {
    id: 'endpoint_protection',
    label: 'endpoint protection',
    subject: /\b(anti-?virus|anti-?malware|endpoint (?:protection|detection)|EDR)\b/i,
    query: 'antivirus endpoint protection installed',
  },
  {
    id: 'point_in_time_recovery',
    label: 'point-in-time recovery',
    subject: /\bpoint[- ]in[- ]time recovery\b/i,
    query: 'point-in-time recovery enabled database',
  },
  {
    id: 'background_checks',
    label: 'background checks',
    subject: /\bbackground (?:checks?|screening|verification)\b/i,
    query: 'background checks employees before hire',
  },
];

const REQUIRED = /\b(required|must|shall|enforced|mandatory|enabled|always)\b/i;
const OFF =
  /\b(disabled|turned off|switched off|not (?:be )?(?:required|enforced|enabled|installed|deployed|configured|implemented|in place|used)|no longer (?:required|enforced|used|in place)|optional|bypass(?:ed)?|suspended|paused|stays disabled|remains disabled|removed|uninstalled)\b/i;

export function controlSubject(id: string): string {
  return `control:${id}`;
}

function requires(segment: LocatedSegment, control: ControlDefinition): boolean {
  return control.subject.test(segment.text) && REQUIRED.test(segment.text) && !OFF.test(segment.text);
}

function switchedOff(segment: LocatedSegment, control: ControlDefinition): boolean {
  return (
    control.subject.test(segment.text) &&
    OFF.test(segment.text) &&
    !/\b(must not be|shall not be|never be) (?:disabled|turned off)\b/i.test(segment.text)
  );
}

export function controlStateIssue(
  analysis: CorpusAnalysis,
  control: ControlDefinition,
  segments: LocatedSegment[],
): Issue | null {
  const role = (s: LocatedSegment): AnalyzedDocument['role'] =>
    analysis.byName.get(s.document)?.role ?? 'other';
  const required = segments.filter((s) => role(s) !== 'evidence' && requires(s, control));
  const off = segments.filter((s) => switchedOff(s, control));
  let best: { req: LocatedSegment; off: LocatedSegment; score: number } | null = null;
  for (const o of off)
    for (const r of required) {
      if (r.document === o.document) continue;
      const score = jaccard(tokenize(r.text), tokenize(o.text));
      if (!best || score > best.score) best = { req: r, off: o, score };
    }
  if (!best) return null;
  const { req, off: offSegment } = best;
  const practice = !isNormative(role(offSegment));
  return {
    primitive: 'conflict_check',
    subject: controlSubject(control.id),
    aspects: [controlSubject(control.id)],
    title: `${control.label[0]!.toUpperCase()}${control.label.slice(1)} required by ${req.document} but switched off in ${offSegment.document}`,
    description:
      `${req.document} requires ${control.label} ("${req.text.slice(0, 160)}"), but ${offSegment.document} ` +
      `${practice ? 'records that it is switched off or optional' : 'states that it is not required or optional'} ("${offSegment.text.slice(0, 160)}"). ` +
      `The control the policy relies on is not operating as documented.`,
    rootCause: practice
      ? `${control.label[0]!.toUpperCase()}${control.label.slice(1)} was switched off in operation without an approved exception to ${req.document}.`
      : `${req.document} and ${offSegment.document} disagree on whether ${control.label} is required.`,
    remediationScope: `Restore ${control.label} where ${req.document} requires it, or record a time-limited, approved exception with compensating controls.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.8 + Math.min(0.1, best.score * 0.3),
    frameworks: [],
    quotes: [quoteOf(req), quoteOf(offSegment)],
  };
}

export function findControlStateConflicts(analysis: CorpusAnalysis): Issue[] {
  const all = analysis.documents.flatMap((d) => d.segments);
  return CONTROLS.map((c) => controlStateIssue(analysis, c, all)).filter((i): i is Issue => i !== null);
}
