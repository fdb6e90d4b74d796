// 4. validate (deterministic): drop questions below the relevance floor and near-duplicates.
import type { RunContext } from '../context';
import type { Question } from '../model';
import { validateQuestions } from '../questions';

export async function validateStage(run: RunContext, questions: Question[]): Promise<Question[]> {
  await run.startStage('validate');
  const validation = validateQuestions(questions, run.index);
  await run.completeStage({ questions: validation.kept.length, dropped: validation.dropped.length });
  return validation.kept;
}
