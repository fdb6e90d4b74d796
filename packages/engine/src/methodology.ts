// The methodology text of a deliverable: how the run examined the corpus, written from the run's
// own options and record so that the report says what was actually done.
import type { MethodologyRecord } from './methodology-record';
import type { RunOptions } from './types';

export interface MethodologyInput {
  frameworks: string[];
  options: RunOptions;
  /** The run's record (provider, iterations, calls, discovery and quote counts). */
  run: MethodologyRecord;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** How the corpus was read: the model's own discovery passes, or the built-in analyst alone. */
function readingLine(run: MethodologyRecord): string {
  const { discovery } = run;
  if (!discovery)
    return run.provider === 'local'
      ? 'The built-in local analyst served this run: targets came from the built-in checks alone, and no model read the corpus on its own (no model-led discovery).'
      : 'No model read the corpus on its own (no model-led discovery): targets came from the built-in checks alone.';
  const unread = discovery.documents_unread.length;
  return (
    `Before each iteration the model read the corpus itself in ${plural(discovery.passes, 'pass', 'passes')}, related documents together, ` +
    `and proposed ${plural(discovery.proposals, 'target')} of its own beside the built-in checks' candidates` +
    (unread
      ? `; the reading budget left ${plural(unread, 'document')} not (fully) read: ${discovery.documents_unread.slice(0, 20).join(', ')}${unread > 20 ? ', ...' : ''}.`
      : '; every document was read.') +
    (discovery.failed_passes
      ? ` ${plural(discovery.failed_passes, 'pass', 'passes')} failed and proposed nothing.`
      : '')
  );
}

/** What quote verification removed; null when there is nothing to say (local analyst, nothing dropped). */
function quotesLine(run: MethodologyRecord): string | null {
  const { quotes_rejected: rejected, quotes_removed: removed } = run;
  if (!rejected && !removed)
    return run.discovery
      ? 'Every quote a model returned was found in the text of the document it cites: no quote was removed and no proposed finding was dropped.'
      : null;
  return (
    `Quotes a model returned were located in the text of the document they cite: ${removed} that could not be found were removed from the evidence, ` +
    `and ${plural(rejected, 'proposed finding')} with no verifiable quote ${rejected === 1 ? 'was' : 'were'} dropped (quotes_rejected).`
  );
}

export function methodologyText(input: MethodologyInput): string {
  const { options, run } = input;
  const scope = input.frameworks.length ? ` against ${input.frameworks.join(', ')}` : '';
  const lines = [
    `We examined ${run.document_count} documents${scope}. Every document was parsed to text (scans by OCR), split into passages and indexed for retrieval.`,
    'A profile of the corpus identified document types, dates, cited standards and section references. Each iteration then catalogued targets for six kinds of check: ' +
      'conflicting values of one concept across documents, inconsistent terms and editions, required elements missing from the whole corpus, stale or superseded material, ' +
      'references that do not resolve, and obligations of parent policies not carried into contracts.',
    `Each target became a question answered from retrieved passages only, with up to ${options.maxFollowupRounds} follow-up rounds for more evidence` +
      `${options.maxQuestionsPerIteration !== null ? ` and at most ${options.maxQuestionsPerIteration} questions per iteration` : ''}. ` +
      'Every quote was checked against the retrieved text; unverified quotes lower a finding’s confidence and are flagged.',
    `Findings sharing a root cause were consolidated into one canonical finding. The run took ${plural(run.iterations, 'iteration')} ` +
      `(of at most ${options.maxIterations})${run.converged ? ', stopping when an iteration added no new finding' : ''}, with ${plural(run.model_calls, 'model call')}${run.provider ? ` (${run.provider})` : ''}.`,
    options.enableAdversarialVerification
      ? `Findings of ${options.adversarialSeverityThreshold} severity and above were challenged by an adversarial review before classification.`
      : 'Adversarial review was not enabled for this run.',
    readingLine(run),
  ];
  const quotes = quotesLine(run);
  if (quotes) lines.push(quotes);
  if (run.aborted === 'budget')
    lines.push(
      'The compute budget was exhausted before the run completed; the findings reflect the work done until then.',
    );
  if (run.aborted === 'cancelled')
    lines.push('The run was cancelled before it completed; the findings reflect the work done until then.');
  return lines.join('\n\n');
}
