// The methodology text of a deliverable: how the run examined the corpus, written from the run's
// own options and counts so that the report says what was actually done.
import type { RunMethodology } from './pipeline/context';
import type { RunOptions } from './types';

export interface MethodologyInput {
  documentCount: number;
  frameworks: string[];
  options: RunOptions;
  iterations: number;
  modelCalls: number;
  converged: boolean;
  aborted: 'budget' | 'cancelled' | null;
  provider: string;
  /** The run's own counts (RunResult.methodology); absent for runs recorded before them. */
  run?: RunMethodology;
}

export function methodologyText(input: MethodologyInput): string {
  const { options } = input;
  const scope = input.frameworks.length ? ` against ${input.frameworks.join(', ')}` : '';
  const lines = [
    `We examined ${input.documentCount} documents${scope}. Every document was parsed to text (scans by OCR), split into passages and indexed for retrieval.`,
    'A profile of the corpus identified document types, dates, cited standards and section references. Each iteration then catalogued targets for six kinds of check: ' +
      'conflicting values of one concept across documents, inconsistent terms and editions, required elements missing from the whole corpus, stale or superseded material, ' +
      'references that do not resolve, and obligations of parent policies not carried into contracts.',
    `Each target became a question answered from retrieved passages only, with up to ${options.maxFollowupRounds} follow-up rounds for more evidence` +
      `${options.maxQuestionsPerIteration !== null ? ` and at most ${options.maxQuestionsPerIteration} questions per iteration` : ''}. ` +
      'Every quote was checked against the retrieved text; unverified quotes lower a finding’s confidence and are flagged.',
    `Findings sharing a root cause were consolidated into one canonical finding. The run took ${input.iterations} iteration${input.iterations === 1 ? '' : 's'} ` +
      `(of at most ${options.maxIterations})${input.converged ? ', stopping when an iteration added no new finding' : ''}, with ${input.modelCalls} model calls (${input.provider}).`,
    options.enableAdversarialVerification
      ? `Findings of ${options.adversarialSeverityThreshold} severity and above were challenged by an adversarial review before classification.`
      : 'Adversarial review was not enabled for this run.',
  ];
  const discovery = input.run?.discovery;
  if (discovery) {
    const unread = discovery.documents_unread.length;
    lines.push(
      `Before each iteration the model read the corpus itself in ${discovery.passes} pass${discovery.passes === 1 ? '' : 'es'}, related documents together, ` +
        `and proposed ${discovery.proposals} target${discovery.proposals === 1 ? '' : 's'} of its own beside the built-in checks' candidates` +
        (unread
          ? `; the reading budget left ${unread} document${unread === 1 ? '' : 's'} not (fully) read: ${discovery.documents_unread.slice(0, 20).join(', ')}${unread > 20 ? ', ...' : ''}.`
          : '; every document was read.') +
        (discovery.failed_passes
          ? ` ${discovery.failed_passes} pass${discovery.failed_passes === 1 ? '' : 'es'} failed and proposed nothing.`
          : ''),
    );
  }
  const rejected = input.run?.quotes_rejected ?? 0;
  const removed = input.run?.quotes_removed ?? 0;
  if (rejected || removed)
    lines.push(
      `Quotes a model returned were located in the text of the document they cite: ${removed} that could not be found were removed from the evidence, ` +
        `and ${rejected} proposed finding${rejected === 1 ? '' : 's'} with no verifiable quote ${rejected === 1 ? 'was' : 'were'} dropped (quotes_rejected).`,
    );
  if (input.aborted === 'budget')
    lines.push(
      'The compute budget was exhausted before the run completed; the findings reflect the work done until then.',
    );
  if (input.aborted === 'cancelled')
    lines.push('The run was cancelled before it completed; the findings reflect the work done until then.');
  return lines.join('\n\n');
}
