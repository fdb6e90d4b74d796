// The model tasks' remote side: each prompt asks for one JSON value, and each parser accepts the
// documented shape, normalises it, and refuses shapes the engine cannot use.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { questionVerdictTask } from '../src/tasks/question-verdict';
import { consolidationTask } from '../src/tasks/consolidation';
import { adversarialVerdictTask } from '../src/tasks/adversarial-verdict';
import { executiveSummaryTask } from '../src/tasks/executive-summary';
import { catalogTargetsTask } from '../src/tasks/catalog-targets';
import type { Question } from '../src/pipeline/model';
import { INTAKE, PLANTED, snapshotOf } from './helpers/synthetic-corpus';

const question: Question = {
  id: 'q-1-1',
  iteration: 1,
  primitive: 'conflict_check',
  targetKey: 'concept:password_expiry:user accounts',
  target: {
    check: 'concept',
    documents: ['Identity-Policy.md'],
    params: { conceptId: 'password_expiry', scope: 'user accounts' },
  },
  text: 'Do the documents state incompatible password expiry intervals?',
  query: 'password expire',
  documents: ['Identity-Policy.md'],
  priority: 1,
  severity: 'medium',
};

describe('remote task contracts', () => {
  test('question_verdict: prompt carries the chunks; parse reads findings and evidence requests', async () => {
    const snapshot = await snapshotOf(PLANTED);
    const input = {
      question,
      chunks: snapshot.chunks.slice(0, 2),
      round: 0,
      canAsk: true,
      frameworks: ['SOC 2'],
      analysis: analyzeCorpus(snapshot, INTAKE),
    };
    const prompt = questionVerdictTask.prompt(input);
    expect(prompt.user).toContain(snapshot.chunks[0]!.id);
    expect(prompt.system).toMatch(/JSON/);
    const parsed = questionVerdictTask.parse(
      {
        verdict: 'issue',
        findings: [
          {
            title: 'Password expiry differs',
            description: '60 days vs 12 months',
            root_cause: 'not aligned',
            remediation_scope: 'align',
            remediation_effort_hours: 3,
            severity: 'medium',
            confidence: 0.9,
            frameworks: ['SOC 2'],
            evidence: [
              {
                document: 'Identity-Policy.md',
                chunk_id: snapshot.chunks[0]!.id,
                quote: 'User passwords expire every 60 days',
              },
            ],
          },
        ],
      },
      input,
    );
    expect(parsed.verdict).toBe('issue');
    expect(parsed.findings[0]).toMatchObject({
      primitive: 'conflict_check',
      severity: 'medium',
      aspects: [question.targetKey],
    });
    expect(
      questionVerdictTask.parse(
        { verdict: 'need_more_evidence', evidence_requests: [{ query: 'password', document: null }] },
        input,
      ).evidenceRequests,
    ).toEqual([{ query: 'password', document: null }]);
    expect(() => questionVerdictTask.parse({ verdict: 'maybe' }, input)).toThrow();
    expect(() => questionVerdictTask.parse({ verdict: 'issue', findings: [] }, input)).toThrow();
    // The analysis never reaches a serialised input (token estimates, logs).
    expect(JSON.stringify(input).length).toBeLessThan(
      JSON.stringify(snapshot.chunks.slice(0, 2)).length + 2000,
    );
  });

  test('consolidation keeps every key exactly once; adversarial and summary parse strictly', async () => {
    const findings = ['a', 'b', 'c'].map((key) => ({
      key,
      primitive: 'conflict_check' as const,
      title: key,
      description: key,
      aspects: [key],
      documents: [],
      severity: 'high' as const,
      confidence: 0.8,
    }));
    const groups = consolidationTask.parse(
      { groups: [{ keys: ['a', 'b', 'zzz'], primitive: 'consistency_check' }] },
      { findings },
    );
    expect(groups).toEqual([
      { keys: ['a', 'b'], primitive: 'consistency_check' },
      { keys: ['c'], primitive: 'conflict_check' },
    ]);
    expect(() =>
      consolidationTask.parse({ groups: [{ keys: ['a'], primitive: 'nonsense' }] }, { findings }),
    ).toThrow();
    const evidence = [{ document: 'a.md', chunk_id: null, quote: 'x', quote_verified: true, page: null }];
    expect(
      adversarialVerdictTask.parse(
        { stands: false, revised_confidence: 1.7, caveats: ['scope differs'], recommendation: 'reject' },
        { title: '', description: '', primitive: 'conflict_check', confidence: 0.5, evidence },
      ),
    ).toEqual({
      stands: false,
      revisedConfidence: 1,
      caveats: ['scope differs'],
      recommendation: 'reject',
    });
    expect(
      (
        await adversarialVerdictTask.local({
          title: '',
          description: '',
          primitive: 'conflict_check',
          confidence: 0.9,
          evidence,
        })
      ).caveats,
    ).toContain('The evidence shows only one side of the comparison.');
    expect(executiveSummaryTask.parse({ summary: ' Done. ' }, {} as never)).toBe('Done.');
    const summary = await executiveSummaryTask.local({
      clientName: 'Acme',
      auditPurpose: 'SOC 2 readiness',
      frameworks: ['SOC 2'],
      documentCount: 5,
      findings: [
        {
          title: 'MFA off on the VPN',
          severity: 'high',
          primitive: 'conflict_check',
          filterStatus: 'definite',
        },
      ],
    });
    expect(summary).toContain('MFA off on the VPN');
    expect(summary).toContain('5 documents');
  });

  test('catalog_targets: the model picks keys from the candidate lists; unknown keys are ignored', async () => {
    const snapshot = await snapshotOf(PLANTED);
    const input = {
      intake: INTAKE,
      investigated: [],
      followups: [],
      steering: null,
      iteration: 1,
      priorFindingTitles: [],
      analysis: analyzeCorpus(snapshot, INTAKE),
    };
    const local = catalogTargetsTask.local(input) as Awaited<ReturnType<typeof catalogTargetsTask.local>>;
    const key = local.citations[0]!.key;
    expect(catalogTargetsTask.prompt(input).user).toContain(key);
    const parsed = catalogTargetsTask.parse({ citations: [key, 'nope'], concepts: [] }, input);
    expect(parsed.citations.map((t) => t.key)).toEqual([key]);
    expect(parsed.concepts).toEqual([]);
  });
});

describe('local consolidation', () => {
  const item = (
    key: string,
    aspects: string[],
    documents: string[],
    primitive: 'conflict_check' | 'coverage_check' | 'flow_down_check' = 'conflict_check',
  ) => ({
    key,
    primitive,
    title: key,
    description: key,
    aspects,
    documents,
    severity: 'high' as const,
    confidence: 0.8,
  });

  test('groups by shared root cause over shared material; corpus-level causes span documents', async () => {
    const groups = await consolidationTask.local({
      findings: [
        item('a', ['concept:x'], ['A.md', 'B.md']),
        item('b', ['concept:x', 'flow:C.md'], ['B.md', 'C.md'], 'flow_down_check'),
        item('c', ['concept:x'], ['D.md', 'E.md']),
        item('d', ['coverage:1', 'corpus:coverage:HIPAA'], ['F.md'], 'coverage_check'),
        item('e', ['coverage:2', 'corpus:coverage:HIPAA'], ['G.md'], 'coverage_check'),
      ],
    });
    expect(groups).toEqual([
      { keys: ['a', 'b'], primitive: 'flow_down_check' },
      { keys: ['c'], primitive: 'conflict_check' },
      { keys: ['d', 'e'], primitive: 'coverage_check' },
    ]);
  });
});
