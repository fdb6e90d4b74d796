// Runs one check family the way the pipeline does, on a small corpus: its candidates from the
// corpus analysis, and its local verdict on every segment as the retrieved text, so a family's
// tests read its findings without the investigate stage.
import { analyzeCorpus } from '../../src/analyst/corpus-analysis';
import type { AnyCheck, CandidateContext } from '../../src/checks/check';
import type { Intake } from '../../src/types';
import { snapshotOf } from './synthetic-corpus';

/** An intake that names nothing: no framework, focus or hierarchy steers the check. */
export const BLANK_INTAKE: Intake = {
  domain: '',
  audit_purpose: '',
  frameworks: [],
  focus_areas: [],
  materiality: null,
  doc_hierarchy: null,
  known_concerns: [],
};

/** `asOf` (YYYY-MM-DD): the audit date; unset, the wall clock. */
export async function runCheck(
  check: AnyCheck,
  files: Record<string, string>,
  intake = BLANK_INTAKE,
  asOf?: string,
) {
  const analysis = analyzeCorpus(await snapshotOf(files, asOf), intake);
  const context: CandidateContext = { analysis, intake, focusBoost: () => 0 };
  const candidates = check.candidates(context);
  const segments = analysis.documents.flatMap((d) => d.segments);
  /** The local verdict on a target's params, every segment retrieved; `documents` are the target's. */
  const verdict = (params: unknown, documents: string[] = []) =>
    check.verdict(params, {
      analysis,
      chunks: analysis.snapshot.chunks,
      segments,
      visible: new Set(segments),
      facts: [],
      citations: [],
      frameworks: [],
      documents,
    });
  return { analysis, context, candidates, verdict };
}

/** The issues a family's local verdict gives on each of its candidate targets (every segment retrieved); `asOf` as for runCheck. */
export async function candidateIssues(
  check: AnyCheck,
  files: Record<string, string>,
  intake = BLANK_INTAKE,
  asOf?: string,
) {
  const { candidates, verdict } = await runCheck(check, files, intake, asOf);
  return candidates.flatMap((c) => verdict(c.params, c.documents).issues);
}
