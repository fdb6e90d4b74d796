// A PDF's table reaches us as lines: each row's cells wrapped over several lines, often in blocks
// parted by blank lines, and the column names repeated at the top of each page. When the rows carry
// a reference of their own ("R01", "R-05", "RS-20"), that reference is where a row starts: the
// lines from one reference to the next are one row, read as one laid-out line with the column
// names beside it.
import type { Segment } from '../text/sentences';

/**
 * A row's reference at the start of a line: letters, an optional dash, digits ("R01", "RS-20"); a
 * narrow column may wrap it after the dash ("SEC-" over "01").
 */
const ROW_KEY = /^([A-Z]{1,4})(?:[-\u2010\u2011]\s?)?(\d{1,4})(?=\s|$)/;

/**
 * A numbered heading ("4. Disposal", "5.1 Legal holds"): the table has ended. A citation in a cell
 * ("21 CFR 1304.04") is no heading.
 */
const NUMBERED_HEADING = /^\d+(?:\.\d+)*\.?\s+[A-Z][a-z]/;

/** A clause, not a cell: a finite verb in a line long enough to be a sentence. */
const SENTENCE = /\b(?:is|are|was|were|shall|must|will|should|may|has|have)\b/i;

/** Rows longer than this are not one row of a schedule. */
const MAX_ROW_SEGMENTS = 14;
const MAX_ROW_LENGTH = 700;

export interface KeyedRow extends Segment {
  /** The table's column names as its first line states them ("Ref Record class ... Owner"). */
  columns: string | null;
}

function segmentOf(text: string, start: number, end: number): Segment {
  const raw = text.slice(start, end);
  return { start, end, raw, text: raw.replace(/\s+/g, ' ') };
}

/** The offsets (in the segment's raw text) of its lines that start with a key of these prefixes. */
function keyLines(segment: Segment, prefixes: Set<string> | null): number[] {
  const out: number[] = [];
  let offset = 0;
  const lines = segment.raw.split('\n');
  for (const [i, line] of lines.entries()) {
    const wrapped = /[-\u2010\u2011]$/.test(line.trim()) ? ` ${lines[i + 1]?.trim() ?? ''}` : '';
    const m = ROW_KEY.exec(line.trim() + wrapped);
    if (m && (!prefixes || prefixes.has(m[1]!))) out.push(offset + (line.length - line.trimStart().length));
    offset += line.length + 1;
  }
  return out;
}

/**
 * A reference wrapped after its dash, its letters ending one segment ("SEC-", alone or under the
 * column names) and its digits starting the next ("01 CCTV ..."): one segment from the letters on.
 */
function joinWrappedKeys(segments: Segment[], text: string): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i]!;
    const next = segments[i + 1];
    const lastLine = segment.raw.slice(segment.raw.lastIndexOf('\n') + 1);
    if (!next || !/^[A-Z]{1,4}[-\u2010\u2011]$/.test(lastLine.trim()) || !/^\d{1,4}\b/.test(next.text)) {
      out.push(segment);
      continue;
    }
    const keyStart = segment.start + segment.raw.length - lastLine.trimStart().length;
    const head = text.slice(segment.start, keyStart).trimEnd();
    if (head) out.push(segmentOf(text, segment.start, segment.start + head.length));
    out.push(segmentOf(text, keyStart, next.end));
    i += 1;
  }
  return out;
}

/** Column names: a short line of words with no value and no verb. */
function readsAsColumns(text: string): boolean {
  return text.length <= 160 && !/\d/.test(text) && !SENTENCE.test(text) && !/[.:;]$/.test(text.trim());
}

/**
 * The segments of a document with each keyed table row put back together. A table is keyed when
 * at least three lines start with references of one prefix; a line that does starts a row, inside a
 * segment too, and the row runs to the next reference, a numbered heading, a repeat of the column
 * names, or a sentence. Documents without such a table come back unchanged.
 */
export function keyedTableRows(given: Segment[], text: string): Array<Segment | KeyedRow> {
  const segments = joinWrappedKeys(given, text);
  const counts = new Map<string, number>();
  for (const segment of segments)
    for (const offset of keyLines(segment, null)) {
      const prefix = ROW_KEY.exec(segment.raw.slice(offset))![1]!;
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  const keyed = new Set([...counts].filter(([, n]) => n >= 3).map(([prefix]) => prefix));
  if (keyed.size === 0) return given;
  // A key line inside a segment starts a row of its own ("... Disposal\nR-04", "... purge\nR-05").
  const split: Segment[] = segments.flatMap((segment) => {
    const cuts = keyLines(segment, keyed).filter((offset) => offset > 0);
    if (cuts.length === 0) return [segment];
    const bounds = [0, ...cuts, segment.raw.length];
    return bounds.slice(0, -1).map((from, i) => {
      const to = segment.start + segment.raw.slice(0, bounds[i + 1]).trimEnd().length;
      return segmentOf(text, segment.start + from, to);
    });
  });
  const startsRow = (s: Segment) => {
    const m = ROW_KEY.exec(s.text);
    return m !== null && keyed.has(m[1]!);
  };
  const out: Array<Segment | KeyedRow> = [];
  let columns: string | null = null;
  // Column names wrapped over several short lines ("Code Record series Examples", "Office of
  // record", "Retention period Trigger ..."): the run of them just before the first row.
  let namesSoFar: string[] = [];
  // Once the table has rows, a short verbless line between two rows is a cell left over from the
  // row above ("CRM deletion job"), not the table's column names.
  let inTable = false;
  for (let i = 0; i < split.length; i += 1) {
    const segment = split[i]!;
    if (!startsRow(segment)) {
      out.push(segment);
      namesSoFar = readsAsColumns(segment.text) ? [...namesSoFar, segment.text] : [];
      const beforeRow = i + 1 < split.length && startsRow(split[i + 1]!);
      if (namesSoFar.length > 0 && beforeRow && !(inTable && columns !== null))
        columns = namesSoFar.join(' ');
      else if (NUMBERED_HEADING.test(segment.text)) [columns, inTable] = [null, false];
      continue;
    }
    namesSoFar = [];
    inTable = true;
    let last = i;
    while (
      last + 1 < split.length &&
      last + 1 - i < MAX_ROW_SEGMENTS &&
      split[last + 1]!.end - segment.start <= MAX_ROW_LENGTH
    ) {
      const next = split[last + 1]!;
      // The column names repeated at the top of a page end the row, whole or one wrapped line of them.
      const repeatsColumns = columns !== null && readsAsColumns(next.text) && columns.includes(next.text);
      if (startsRow(next) || NUMBERED_HEADING.test(next.text) || repeatsColumns) break;
      if (next.text.length > 90 && SENTENCE.test(next.text)) break;
      last += 1;
    }
    out.push({ ...segmentOf(text, segment.start, split[last]!.end), columns });
    i = last;
  }
  return out;
}
