import {
  ConflictError,
  FrozenError,
  LifecycleState,
  assertNotFrozen,
  planArchive,
  planDeliver,
  planUnarchive,
  planUnfreeze,
  runInProgress,
} from '../src';

const state = (status: string, overrides: Partial<LifecycleState> = {}): LifecycleState => ({
  status,
  isFrozen: status === 'delivered' || status === 'archived',
  isRunning: status === 'running',
  ...overrides,
});

type Outcome = string | typeof ConflictError;

function outcome(plan: () => { change: string; to?: string }): Outcome {
  try {
    const result = plan();
    return result.change === 'none' ? 'none' : `${result.change}->${(result as { to: string }).to}`;
  } catch (error) {
    if (error instanceof ConflictError) return ConflictError;
    throw error;
  }
}

// The transition table of spec 3.1 with DECISIONS: rows are statuses, columns are triggers.
const table: [string, Outcome, Outcome, Outcome, Outcome][] = [
  // status            deliver                 unfreeze                       archive               unarchive
  ['created', 'deliver->delivered', ConflictError, ConflictError, 'none'],
  ['queued', ConflictError, ConflictError, ConflictError, 'none'],
  ['running', ConflictError, ConflictError, ConflictError, 'none'],
  ['findings_review', 'deliver->delivered', ConflictError, ConflictError, 'none'],
  ['failed', 'deliver->delivered', ConflictError, ConflictError, 'none'],
  ['delivered', 'none', 'unfreeze->findings_review', 'archive->archived', 'none'],
  ['archived', 'none', ConflictError, 'none', 'unarchive->delivered'],
];

describe.each(table)('from %s', (status, deliver, unfreeze, archive, unarchive) => {
  it('deliver', () => expect(outcome(() => planDeliver(state(status)))).toBe(deliver));
  it('unfreeze', () => expect(outcome(() => planUnfreeze(state(status)))).toBe(unfreeze));
  it('archive', () => expect(outcome(() => planArchive(state(status)))).toBe(archive));
  it('unarchive', () => expect(outcome(() => planUnarchive(state(status)))).toBe(unarchive));
});

it('refuses delivery while a run is flagged as running, whatever the status says', () => {
  expect(() => planDeliver(state('findings_review', { isRunning: true }))).toThrow(ConflictError);
  expect(runInProgress(state('queued'))).toBe(true);
  expect(runInProgress(state('findings_review'))).toBe(false);
});

it('refuses every guarded mutation on a frozen engagement with 423', () => {
  for (const action of [
    'intake',
    'run',
    'finding_review',
    'investigate_further',
    'bulk_action',
    'corpus',
  ] as const) {
    expect(() => assertNotFrozen(state('delivered'), action)).toThrow(FrozenError);
    expect(() => assertNotFrozen(state('findings_review'), action)).not.toThrow();
  }
});
