// 5. investigate: per question, retrieve the top chunks (corpus-wide and in each of the
// question's documents), ask for a verdict; when the verdict asks for more evidence, run its
// queries and ask again, at most max_followup_rounds times. A positive verdict becomes raw
// findings whose quotes are located in the cited documents (a finding with none left is dropped
// and counted as quotes_rejected) and verified against the retrieved text.
import type { CorpusChunk } from '../../corpus';
import { questionVerdictTask, type QuestionVerdict } from '../../tasks/question-verdict';
import type { RunContext } from '../context';
import { quoteLocator } from '../evidence';
import { rawFindingFrom } from '../findings';
import type { Question } from '../model';

const RETRIEVE_TOP = 6;
const RETRIEVE_PER_DOCUMENT = 2;
const FOLLOWUP_TOP = 3;
const MAX_EVIDENCE_REQUESTS = 5;

/** Returns the number of raw findings added. */
export async function investigateStage(run: RunContext, questions: Question[]): Promise<number> {
  await run.startStage('investigate');
  let found = 0;
  for (const [done, question] of questions.entries()) {
    await run.haltIfCancelled();
    run.state.investigated.add(question.targetKey);
    const added = await investigateQuestion(run, question);
    if (added > 0) run.state.productive.push(question);
    found += added;
    await run.emit({
      type: 'progress',
      stage: 'investigate',
      iteration: run.iteration,
      questions_done: done + 1,
      questions_total: questions.length,
    });
  }
  await run.completeStage({ questions: questions.length, findings: found });
  return found;
}

function retrieve(run: RunContext, question: Question): Map<string, CorpusChunk> {
  const chunks = new Map<string, CorpusChunk>();
  for (const hit of run.index.search(question.query, { k: RETRIEVE_TOP }))
    chunks.set(hit.chunk.id, hit.chunk);
  for (const document of question.documents)
    for (const hit of run.index.search(question.query, { k: RETRIEVE_PER_DOCUMENT, documents: [document] }))
      chunks.set(hit.chunk.id, hit.chunk);
  return chunks;
}

/** Runs the verdict's evidence requests; returns how many chunks were new. */
function fetchRequested(run: RunContext, verdict: QuestionVerdict, chunks: Map<string, CorpusChunk>): number {
  const known = new Set(run.input.snapshot.documents.map((d) => d.name));
  let added = 0;
  for (const request of verdict.evidenceRequests.slice(0, MAX_EVIDENCE_REQUESTS)) {
    const documents = request.document && known.has(request.document) ? [request.document] : undefined;
    for (const hit of run.index.search(request.query, { k: FOLLOWUP_TOP, documents })) {
      if (!chunks.has(hit.chunk.id)) added += 1;
      chunks.set(hit.chunk.id, hit.chunk);
    }
  }
  return added;
}

async function investigateQuestion(run: RunContext, question: Question): Promise<number> {
  const { options } = run.input;
  const chunks = retrieve(run, question);
  for (let round = 0; round <= options.maxFollowupRounds; round += 1) {
    const verdict = await run.callOr(
      questionVerdictTask,
      {
        question,
        chunks: [...chunks.values()],
        round,
        canAsk: round < options.maxFollowupRounds,
        frameworks: run.input.intake.frameworks,
        analysis: run.analysis,
      },
      { step: round === 0 ? 'verdict' : `followup_${round}`, questionId: question.id },
      () => null, // the provider failed on this question: move on
    );
    if (!verdict) return 0;
    if (verdict.verdict === 'need_more_evidence' && round < options.maxFollowupRounds) {
      // Nothing new to show: ask for a final answer with what there is.
      if (fetchRequested(run, verdict, chunks) === 0) round = options.maxFollowupRounds - 1;
      continue;
    }
    if (verdict.verdict !== 'issue') return 0;
    let added = 0;
    const locator = quoteLocator(run.input.snapshot);
    for (const draft of verdict.findings) {
      const raws = run.state.raws;
      if (raws.some((r) => r.subject === draft.subject)) continue;
      const { raw, removedQuotes } = rawFindingFrom(
        draft,
        [...chunks.values()],
        `rf-${run.iteration}-${raws.length + 1}`,
        question.id,
        run.iteration,
        locator,
      );
      run.state.quotesRemoved += removedQuotes;
      if (!raw) {
        run.state.quotesRejected += 1;
        continue;
      }
      raws.push(raw);
      added += 1;
    }
    return added;
  }
  return 0;
}
