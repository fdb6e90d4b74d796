// 3. synthesize (deterministic): one question per target, by priority; a question cap (the run's
// max_questions_per_iteration, or a steered run's own) keeps the top N and says so.
import type { CatalogLists } from '../catalog';
import type { RunContext } from '../context';
import type { Question } from '../model';
import { synthesizeQuestions } from '../questions';

export async function synthesizeStage(run: RunContext, lists: CatalogLists): Promise<Question[]> {
  await run.startStage('synthesize');
  const { input } = run;
  let questions = synthesizeQuestions(lists, run.iteration, input.archetype);
  const cap = input.steering
    ? (input.steering.maxQuestions ?? input.options.maxQuestionsPerIteration)
    : input.options.maxQuestionsPerIteration;
  if (cap !== null && cap >= 0 && questions.length > cap) {
    await run.emit({
      type: 'questions_capped',
      iteration: run.iteration,
      total: questions.length,
      kept: cap,
    });
    questions = questions.slice(0, cap);
  }
  await run.completeStage({ questions: questions.length });
  return questions;
}
