// conflict_check across two concepts: backups taken less often than the recovery point objective.
import { issueDocuments } from '../../analyst/issue';
import { defineCheck } from '../check';
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { RPO_SUBJECT, recoveryPointIssue, replicationStatements } from './recovery-point';

const rolesOf = (analysis: CorpusAnalysis) => new Map(analysis.documents.map((d) => [d.name, d.role]));

export const recoveryPointCheck = defineCheck<null>({
  id: 'rpo',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis, focusBoost }) {
    const issue = recoveryPointIssue(analysis.facts, rolesOf(analysis), replicationStatements(analysis));
    if (!issue) return [];
    return [
      {
        key: RPO_SUBJECT,
        primitive: 'conflict_check',
        label: 'backup frequency vs recovery point objective',
        documents: issueDocuments(issue),
        params: null,
        signal: 0.8 + focusBoost(['backup', 'recovery']),
        severity: 'high',
      },
    ];
  },
  question(_params, { documents }) {
    return {
      text: `Are backups (${documents.join(', ')}) taken often enough to meet the recovery point objective?`,
      query: 'recovery point objective RPO backups taken daily weekly',
    };
  },
  verdict(_params, { analysis, facts }) {
    const issue = recoveryPointIssue(facts, rolesOf(analysis), replicationStatements(analysis));
    return { issues: issue ? [issue] : [] };
  },
});
