// A defect no local check lists, for scripted remote models: a retention period in a contract
// that contradicts the policy, in wording no rule knows. Discovery proposes it and the verdict on it
// confirms it with a quote of each document (engine and API tests of issue 12).
import { chunkIdOf, type Script } from './scripted-model';

export const POLICY_LINE =
  'Ledger extracts belonging to a patron survive in the archive until the seventh anniversary of the relationship ending.';
export const CONTRACT_LINE =
  'The Processor shall purge every ledger extract no later than twenty-four months after the engagement concludes.';
export const FILES = {
  'Archive-Policy.md': `# Archive Policy\n\nThis policy applies to the whole company.\n\n${POLICY_LINE}\n\nThe archive team reviews this policy every year.\n`,
  'Processor-Agreement.md': `# Processor Agreement\n\nThis agreement binds the Processor to the Company.\n\n${CONTRACT_LINE}\n\nThe Processor keeps its staff trained.\n`,
};
export const TITLE = 'Ledger extracts purged before the archive policy allows';
export const INVENTED = 'Ledger extracts may be kept forever by any party at its own discretion.';

/** A quote of `document` with the chunk id the prompt gives for it. */
export const quote = (document: string, text: string, user: string) => ({
  document,
  chunk_id: chunkIdOf(user, document, text),
  quote: text,
});

/** Discovery proposes the retention conflict; the verdict on it confirms it with both quotes. */
export function retentionScript(
  extra: { verdictQuotes?: (user: string) => unknown[]; proposals?: unknown[] } = {},
): Script {
  return {
    corpus_discovery: ({ user }) => ({
      proposals: user.includes(CONTRACT_LINE)
        ? [
            {
              primitive: 'conflict_check',
              title: TITLE,
              description:
                'The policy keeps ledger extracts seven years; the processor agreement purges them after two.',
              severity: 'high',
              confidence: 0.9,
              quotes: [
                quote('Archive-Policy.md', POLICY_LINE, user),
                quote('Processor-Agreement.md', CONTRACT_LINE, user),
              ],
            },
            ...(extra.proposals ?? []),
          ]
        : [],
    }),
    question_verdict: ({ user }) =>
      user.includes(TITLE)
        ? {
            verdict: 'issue',
            findings: [
              {
                title: TITLE,
                description:
                  'Seven years in Archive-Policy.md against twenty-four months in Processor-Agreement.md.',
                root_cause: 'The agreement was not aligned with the archive policy.',
                severity: 'high',
                confidence: 0.9,
                evidence: extra.verdictQuotes?.(user) ?? [
                  quote('Archive-Policy.md', POLICY_LINE, user),
                  quote('Processor-Agreement.md', CONTRACT_LINE, user),
                ],
              },
            ],
          }
        : { verdict: 'no_issue', findings: [] },
  };
}
