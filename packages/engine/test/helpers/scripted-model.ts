// A scripted model behind a loopback server: it speaks the OpenAI chat-completions or the
// Anthropic Messages protocol, reads which task a request is for (the json_schema name, or the
// answer tool's description) and its prompt, and answers with what the test scripts for that
// task, else (or when the script answers undefined) a minimal valid answer (no issue, nothing proposed, every key on its own).
import type { TaskName } from '../../src/gateway/types';
import { anthropicToolAnswer, openAiAnswer, type RecordedRequest, type Reply } from '../gateway-loopback';

export type Protocol = 'openai' | 'anthropic';

export interface ModelRequest {
  task: TaskName;
  system: string;
  user: string;
}

export type Script = Partial<Record<TaskName, (request: ModelRequest) => unknown>>;

/** The task and prompt of a recorded request, whichever protocol carried it. */
export function modelRequestOf(request: RecordedRequest): ModelRequest {
  const body = request.body as {
    system?: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { json_schema?: { name?: string } };
    tools?: Array<{ description?: string }>;
  };
  const task = (body.response_format?.json_schema?.name ??
    /the (\w+) task/.exec(body.tools?.[0]?.description ?? '')?.[1] ??
    'unknown') as TaskName;
  const system = body.system ?? body.messages.find((m) => m.role === 'system')?.content ?? '';
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  return { task, system, user };
}

/** Every `- key | label` line of the catalog prompt, by list. */
function listedTargets(user: string): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  let current: string | null = null;
  for (const line of user.split('\n')) {
    const header = /^(\w+):$/.exec(line);
    if (header) current = header[1]!;
    const item = /^- (\S+) \| /.exec(line);
    if (item && current) (lists[current] ??= []).push(item[1]!);
  }
  return lists;
}

const DEFAULTS: Record<string, (request: ModelRequest) => unknown> = {
  cluster_labels: () => ({ label: 'documents' }),
  domain_inference: () => ({ domain: 'financial services', frameworks: [] }),
  corpus_discovery: () => ({ proposals: [] }),
  // Every candidate the prompt lists, in its order.
  catalog_targets: ({ user }) => listedTargets(user),
  question_verdict: () => ({ verdict: 'no_issue', findings: [] }),
  consolidation: ({ user }) => ({
    groups: [...user.matchAll(/^- (\S+) \[(\w+)\]/gm)].map((m) => ({ keys: [m[1]], primitive: m[2] })),
  }),
  deepening: () => ({ patterns: [], escalations: [], followups: [] }),
  adversarial_verdict: () => ({ stands: true, revised_confidence: 0.9, caveats: [], recommendation: 'keep' }),
  executive_summary: () => ({ summary: 'Summary.' }),
};

export function scriptedModel(protocol: Protocol, script: Script): (request: RecordedRequest) => Reply {
  return (recorded) => {
    const request = modelRequestOf(recorded);
    // A scripted task that answers undefined leaves this request to the default answer.
    const answer = script[request.task]?.(request) ?? DEFAULTS[request.task]?.(request);
    if (answer === undefined) return { status: 400, json: { error: { message: 'unknown task' } } };
    return {
      status: 200,
      json: protocol === 'openai' ? openAiAnswer(JSON.stringify(answer)) : anthropicToolAnswer(answer),
    };
  };
}

/** The chunk id the prompt gives for a quote of `document` (discovery or verdict prompts). */
export function chunkIdOf(user: string, document: string, quote: string): string | null {
  for (const b of user.matchAll(
    /<client_document name="([^"]+)" chunk="([^"]+)"[^>]*>\n([\s\S]*?)\n<\/client_document>/g,
  ))
    if (b[1] === document && b[3]!.includes(quote)) return b[2]!;
  return null;
}

/** A verdict of one high-severity finding quoting each `[document, quote]` of `evidence`. */
export function issueVerdict(title: string, description: string, evidence: Array<[string, string]>) {
  return {
    verdict: 'issue',
    findings: [
      {
        title,
        description,
        root_cause: 'The agreement ignores the policy.',
        severity: 'high',
        confidence: 0.9,
        evidence: evidence.map(([document, quote]) => ({ document, chunk_id: null, quote })),
      },
    ],
  };
}
