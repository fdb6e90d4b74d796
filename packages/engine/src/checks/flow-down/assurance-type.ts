// A policy that requires a service auditor's report on operating effectiveness over a period (SOC 2
// or SOC 1 Type II, ISAE 3402 / SSAE 18 Type 2) is not met by a contract that promises only a Type I
// report, which covers design at a point in time.
import type { AnalyzedDocument, LocatedSegment } from '../../analyst/corpus-analysis';

/** A service auditor's report by its standard's name (SOC 1 or 2, SSAE 16 or 18, ISAE 3402). */
export const SERVICE_AUDITOR_REPORT = String.raw`\b(?:SOC ?[12]|SSAE ?1[68]|ISAE ?3402)`;
const REPORT = String.raw`${SERVICE_AUDITOR_REPORT}(?:\s*\(?[A-Za-z ]{0,20}\)?)?`;
const TYPE_TWO = new RegExp(`${REPORT}[\\s,]{0,3}Type\\s?(?:II|2)\\b`, 'i');
/** A Type I report, not "Type I or Type II" (also a register row's assurance column). */
export const TYPE_ONE_REPORT = new RegExp(
  `${REPORT}[\\s,]{0,3}Type\\s?(?:I|1)\\b(?!\\s*(?:or|and|/)\\s*(?:Type\\s?)?(?:II|2)\\b)`,
  'i',
);
const REQUIRED = /\b(shall|must|required?|minimum|mandatory|only accept\w*)\b/i;

export interface AssuranceTypeGap {
  /** The policy statement requiring a Type II report. */
  requirement: LocatedSegment;
  /** The contract statement that commits the provider only to a Type I report. */
  typeOne: LocatedSegment;
}

/** The policy requires a Type II report; the contract names only a Type I one, and no Type II. */
export function assuranceTypeGap(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): AssuranceTypeGap | null {
  const requirement = parent.segments.find((s) => seen(s) && TYPE_TWO.test(s.text) && REQUIRED.test(s.text));
  if (!requirement) return null;
  if (child.segments.some((s) => TYPE_TWO.test(s.text))) return null;
  const typeOne = child.segments.find((s) => TYPE_ONE_REPORT.test(s.text));
  if (!typeOne || !seen(typeOne)) return null;
  return { requirement, typeOne };
}
