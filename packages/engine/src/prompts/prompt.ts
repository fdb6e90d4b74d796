// One prompt per model task, one file per task in this folder. A prompt file owns everything the
// remote model is told for its task: the wording (render), the JSON Schema of the answer, and a
// version. Bump the version whenever the wording or the schema changes: the audit log records the
// version of every call, so a change in results can be traced to a change in prompts.
import { PRIMITIVES, SEVERITIES } from '@auditsvc/core';
import type { AnswerSchema, ModelTask, TaskName } from '../gateway/types';

export interface TaskPrompt<I> {
  task: TaskName;
  version: number;
  schema: AnswerSchema;
  render(input: I): { system: string; user: string };
}

/** The ModelTask members a prompt file provides. */
export function promptOf<I>(
  prompt: TaskPrompt<I>,
): Pick<ModelTask<I, unknown>, 'prompt' | 'promptVersion' | 'answerSchema'> {
  return {
    prompt: (input) => prompt.render(input),
    promptVersion: `${prompt.task}@${prompt.version}`,
    answerSchema: prompt.schema,
  };
}

// Schema fragments the answers share.
export const str = { type: 'string' } as const;
export const strList = { type: 'array', items: { type: 'string' } } as const;
/** An optional string the parser also accepts as null. */
export const optionalStr = { type: ['string', 'null'] } as const;
/** 0..1; out-of-range values are clamped by the task's parser, not refused. */
export const unit = { type: 'number' } as const;
export const severity = { type: 'string', enum: [...SEVERITIES] } as const;
export const primitive = { type: 'string', enum: [...PRIMITIVES] } as const;
