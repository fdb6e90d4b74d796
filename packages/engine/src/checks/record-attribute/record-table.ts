// What the record checks read of a register: its header, its rows split into cells, and how its
// document writes dates; and the one reading of a row's note that records an exception.
import type { AnalyzedDocument, LocatedSegment } from '../../analyst/corpus-analysis';

export interface RecordTable {
  header: LocatedSegment;
  /** How the table's document writes numeric dates. */
  dateOrder: AnalyzedDocument['dateOrder'];
  columns: string[];
  rows: Array<{ segment: LocatedSegment; cells: string[] }>;
}

const EXCEPTION_NOTE =
  /\b(risk[- ]accept\w*|exception (?:approved|granted|raised|recorded|ref\w*)|extension (?:approved|granted)|waiver|exemption granted|deviation approved|dispensation (?:approved|granted|issued))\b|\b(?:RA|EXC|EX|WVR|DSP|DISP)-\d/i;
const NEGATED_EXCEPTION = /\b(no|without|not|none)\b[^.]{0,20}\b(risk[- ]accept\w*|exceptions?|waivers?)\b/i;

/**
 * A row whose cells record an exception, a granted extension or dispensation or a risk acceptance
 * ("EXC-2026-04", "DSP-2026-014", "risk accepted", "Extension granted"), not its absence. An
 * extension merely asked for or noted is none. The row's own id ("RA-2026-0219" of a remote-access
 * log) refers to no exception.
 */
export function notesException(cells: string[]): boolean {
  const notes = cells.slice(1).join(' ');
  return EXCEPTION_NOTE.test(notes) && !NEGATED_EXCEPTION.test(notes);
}

/** One finding per register and column: the first of `found` (the first rule that reads it). */
export function firstPerColumn<T extends { register: { name: string }; column: string }>(found: T[]): T[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.register.name}|${f.column}`;
    return !seen.has(key) && seen.add(key);
  });
}
