// Engagement statuses and the lifecycle rules of spec 3.1 (with DECISIONS): who may deliver,
// unfreeze, archive and unarchive, and which mutations a frozen engagement refuses. Pure
// functions over the engagement's state, so the rules live and are tested in one place.
import { ConflictError, FrozenError } from './errors';

export const ENGAGEMENT_STATUSES = [
  'created',
  'queued',
  'running',
  'findings_review',
  'failed',
  'delivered',
  'archived',
] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export interface LifecycleState {
  status: string;
  isFrozen: boolean;
  isRunning: boolean;
}

/** A run is in progress from the moment it is queued until it completes or fails. */
export function runInProgress(state: LifecycleState): boolean {
  return state.isRunning || state.status === 'queued' || state.status === 'running';
}

/** Mutations refused with 423 while the engagement is frozen (spec 3.1). */
export type FrozenGuardedAction =
  'intake' | 'run' | 'finding_review' | 'investigate_further' | 'bulk_action' | 'corpus';

export function assertNotFrozen(state: LifecycleState, _action: FrozenGuardedAction): void {
  if (state.isFrozen) throw new FrozenError();
}

export type Transition<T extends string> = { change: T; to: EngagementStatus } | { change: 'none' };

/** deliver: any non-delivered engagement (no run in progress) -> delivered and frozen; repeat is a no-op. */
export function planDeliver(state: LifecycleState): Transition<'deliver'> {
  if (state.status === 'delivered' || state.status === 'archived') return { change: 'none' };
  if (runInProgress(state)) throw new ConflictError('A run is in progress; deliver when it has finished.');
  return { change: 'deliver', to: 'delivered' };
}

/** unfreeze: delivered -> findings_review, editable again. */
export function planUnfreeze(state: LifecycleState): Transition<'unfreeze'> {
  if (state.status === 'archived') throw new ConflictError('Unarchive the engagement before unfreezing it.');
  if (state.status !== 'delivered') throw new ConflictError('Only a delivered engagement can be unfrozen.');
  return { change: 'unfreeze', to: 'findings_review' };
}

/** archive: delivered -> archived (still frozen); repeat is a no-op; anything else is 409. */
export function planArchive(state: LifecycleState): Transition<'archive'> {
  if (state.status === 'archived') return { change: 'none' };
  if (state.status !== 'delivered') throw new ConflictError('Only a delivered engagement can be archived.');
  return { change: 'archive', to: 'archived' };
}

/** unarchive: archived -> delivered; it stays frozen. Not archived: a no-op. */
export function planUnarchive(state: LifecycleState): Transition<'unarchive'> {
  if (state.status !== 'archived') return { change: 'none' };
  return { change: 'unarchive', to: 'delivered' };
}
