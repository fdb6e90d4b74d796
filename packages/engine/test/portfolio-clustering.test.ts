// Portfolio clustering (spec 4.5): the offline analyst finds the recurring themes of a small
// portfolio, and the strict parser keeps only usable clusters of a remote answer.
import {
  PortfolioCluster,
  PortfolioFinding,
  portfolioClusteringTask,
} from '../src/tasks/portfolio-clustering';

// Findings of a small portfolio with four recurring themes and two one-offs, written the way the
// engine writes findings: varied wording around shared key terms.

let counter = 0;

function finding(
  engagementId: string,
  severity: string,
  primitive: string,
  description: string,
  rootCause: string,
  extra: Partial<PortfolioFinding> = {},
): PortfolioFinding {
  counter += 1;
  return {
    id: `f-${counter}`,
    engagementId,
    primitive,
    severity,
    title: description.split(/[;.]/)[0]!,
    description,
    rootCause,
    remediationScope: 'Align the policies.',
    confidence: 0.8,
    quotes: [],
    ...extra,
  };
}

function portfolio(): PortfolioFinding[] {
  return [
    finding(
      'eng-1',
      'high',
      'coverage_check',
      'Laptops are not encrypted at rest; the encryption standard requires full-disk encryption.',
      'Endpoint encryption is not enforced.',
      {
        quotes: ['All laptops must use full-disk encryption'],
        remediationScope: 'Enforce full-disk encryption on every laptop through device management.',
      },
    ),
    finding(
      'eng-2',
      'high',
      'coverage_check',
      'Full-disk encryption is missing on engineering laptops despite the encryption standard.',
      'Endpoint encryption was never rolled out.',
      {
        remediationScope: 'Enforce full-disk encryption on every laptop through device management.',
      },
    ),
    finding(
      'eng-3',
      'critical',
      'coverage_check',
      'Sales laptops lack disk encryption required by the encryption standard.',
      'No endpoint encryption enforcement.',
      {
        quotes: ['Encryption at rest is mandatory for portable devices'],
      },
    ),
    finding(
      'eng-1',
      'medium',
      'conflict_check',
      'Password rotation is 90 days in the access control procedure but 180 days in the password policy.',
      'Password policies were revised separately.',
      {
        quotes: ['Passwords are rotated every 90 days'],
      },
    ),
    finding(
      'eng-2',
      'medium',
      'conflict_check',
      'The password policy requires rotation every six months while the access procedure says 90 days.',
      'Password rules revised separately.',
    ),
    finding(
      'eng-4',
      'high',
      'conflict_check',
      'Password rotation periods conflict: 60 days in the security policy, 90 days in the password standard.',
      'Password requirements maintained in two places.',
    ),
    finding(
      'eng-1',
      'high',
      'flow_down_check',
      'The cloud vendor contract lacks the breach notification clause required by the vendor management policy.',
      'Vendor security obligations are not flowed down to contracts.',
    ),
    finding(
      'eng-3',
      'high',
      'flow_down_check',
      'Vendor agreement has no breach notification obligation although the vendor management policy demands one.',
      'Vendor obligations not flowed down into contracts.',
    ),
    finding(
      'eng-2',
      'medium',
      'coverage_check',
      'Backup restore tests are not performed as the business continuity plan requires.',
      'Backup restore testing was never scheduled.',
    ),
    finding(
      'eng-4',
      'low',
      'coverage_check',
      'No evidence of backup restore testing in the last year.',
      'Backup restore tests are not scheduled.',
    ),
    finding(
      'eng-3',
      'medium',
      'coverage_check',
      'Backup restores have not been tested since the data centre move.',
      'Restore testing of backups is not owned by anyone.',
    ),
    finding(
      'eng-4',
      'low',
      'consistency_check',
      'Data classification labels differ between the handbook and the classification policy.',
      'The classification scheme changed without updating the handbook.',
    ),
    finding(
      'eng-2',
      'medium',
      'currency_check',
      'The information security policy cites ISO 27001:2013, superseded by the 2022 edition.',
      'The policy was not reviewed after the standard changed.',
    ),
  ];
}

const byDescription = (findings: ReturnType<typeof portfolio>, words: RegExp) =>
  findings.filter((f) => words.test(f.description)).map((f) => f.id);

describe('local portfolio clustering', () => {
  const findings = portfolio();
  const clusters = portfolioClusteringTask.local({ findings, totalEngagements: 4 }) as PortfolioCluster[];

  it('groups the findings of each recurring theme, and leaves one-offs out', () => {
    const groups = clusters.map((cluster) => [...cluster.member_finding_ids].sort());
    expect(groups).toEqual(
      expect.arrayContaining([
        byDescription(findings, /encrypt/i).sort(),
        byDescription(findings, /password/i).sort(),
        byDescription(findings, /backup/i).sort(),
        byDescription(findings, /vendor/i).sort(),
      ]),
    );
    expect(clusters).toHaveLength(4);
    const clustered = new Set(clusters.flatMap((cluster) => cluster.member_finding_ids));
    expect(clustered.has(byDescription(findings, /classification/)[0]!)).toBe(false);
  });

  it('orders themes by engagements touched and fills every member', () => {
    expect(clusters.map((cluster) => cluster.id)).toEqual(['pc-1', 'pc-2', 'pc-3', 'pc-4']);
    const encryption = clusters[0]!;
    expect(encryption.member_engagement_ids.sort()).toEqual(['eng-1', 'eng-2', 'eng-3']);
    expect(encryption.severity_distribution).toEqual({ critical: 1, high: 2, medium: 0, low: 0 });
    expect(encryption.theme).toMatch(/encryption/i);
    expect(encryption.prevalence_summary).toMatch(/^3 findings in 3 of 4 engagements \(75%\)/);
    // Evidence quotes of the most severe members first, then what the members say.
    expect(encryption.representative_quotes[0]).toBe('Encryption at rest is mandatory for portable devices');
    expect(encryption.representative_quotes).toContain('All laptops must use full-disk encryption');
    expect(encryption.suggested_standard_remediation).toMatch(
      /^Enforce full-disk encryption on every laptop through device management\. \(proposed in 2 of 3 findings\)/,
    );
    expect(encryption.confidence).toBeGreaterThan(0.3);
    expect(encryption.confidence).toBeLessThanOrEqual(1);
    const password = clusters.find((cluster) => /password/i.test(cluster.theme));
    expect(password?.theme).toMatch(/password rotation/i);
    expect(password?.theme).toMatch(/\(conflict check\)$/);
  });

  it('keeps at most eight themes', () => {
    const many = Array.from({ length: 12 }, (_, theme) =>
      [1, 2].map((n) =>
        finding(
          `eng-${n}`,
          'medium',
          'coverage_check',
          `Topic${theme} widget${theme} gizmo${theme} is missing.`,
          `Cause${theme}.`,
        ),
      ),
    ).flat();
    const result = portfolioClusteringTask.local({
      findings: many,
      totalEngagements: 2,
    }) as PortfolioCluster[];
    expect(result).toHaveLength(8);
    expect(result.every((cluster) => cluster.member_finding_ids.length === 2)).toBe(true);
  });

  it('answers fewer than two findings with no themes', () => {
    expect(portfolioClusteringTask.local({ findings: findings.slice(0, 1), totalEngagements: 1 })).toEqual(
      [],
    );
  });
});

describe('portfolio clustering prompt and parser', () => {
  const findings = portfolio();
  const input = { findings, totalEngagements: 4 };
  const [a, b, c] = findings;
  const cluster = {
    theme: 'Laptop encryption',
    prevalence_summary: '3 findings in 3 engagements',
    member_finding_ids: [a!.id, b!.id, c!.id],
    representative_quotes: ['All laptops must use full-disk encryption'],
    suggested_standard_remediation: 'Enforce full-disk encryption.',
    confidence: 0.9,
  };

  it('lists every finding in the prompt', () => {
    const prompt = portfolioClusteringTask.prompt(input);
    for (const f of findings) expect(prompt.user).toContain(f.id);
    expect(prompt.system).toContain('"member_finding_ids"');
  });

  it('derives engagements and severities from the members, not from the answer', () => {
    const [parsed] = portfolioClusteringTask.parse({ clusters: [cluster] }, input);
    expect(parsed).toEqual({
      id: 'pc-1',
      ...cluster,
      member_engagement_ids: ['eng-1', 'eng-2', 'eng-3'],
      severity_distribution: { critical: 1, high: 2, medium: 0, low: 0 },
    });
  });

  it('drops unknown ids, ids claimed twice and clusters left with fewer than two members', () => {
    const parsed = portfolioClusteringTask.parse(
      {
        clusters: [
          cluster,
          { ...cluster, theme: 'Duplicate', member_finding_ids: [a!.id, 'f-invented', findings[3]!.id] },
          {
            ...cluster,
            theme: 'Kept',
            member_finding_ids: [findings[3]!.id, findings[4]!.id],
            confidence: 7,
          },
        ],
      },
      input,
    );
    expect(parsed.map((p) => p.theme)).toEqual(['Laptop encryption', 'Kept']);
    expect(parsed[1]!.confidence).toBe(1);
  });

  it.each([
    ['a string', 'clusters'],
    ['an array', [cluster]],
    ['no clusters member', { themes: [cluster] }],
    ['a cluster that is not an object', { clusters: ['Laptop encryption'] }],
    ['a cluster without a theme', { clusters: [{ ...cluster, theme: '' }] }],
    ['member ids that are not strings', { clusters: [{ ...cluster, member_finding_ids: [1, 2] }] }],
    ['a confidence that is not a number', { clusters: [{ ...cluster, confidence: 'high' }] }],
  ])('refuses %s', (_label, garbage) => {
    expect(() => portfolioClusteringTask.parse(garbage, input)).toThrow(/portfolio_clustering/);
  });
});
