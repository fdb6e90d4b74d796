import {
  Caller,
  ForbiddenError,
  NotFoundError,
  assertFirmVisible,
  firmScope,
  requireAdmin,
  requireMutator,
  requirePartnerOrAdmin,
} from '../src';

const session = (role: 'admin' | 'partner' | 'associate', firmId: string | null): Caller => ({
  kind: 'session',
  sessionId: 's-1',
  userId: 'u-1',
  email: 'a@b.co',
  role,
  firmId,
});

describe('roles and tenancy rules', () => {
  it('confines non-admin sessions to their firm and lets admins see every firm', () => {
    expect(firmScope({ kind: 'admin_token' })).toBeNull();
    expect(firmScope(session('admin', null))).toBeNull();
    expect(firmScope(session('partner', 'firm-a'))).toBe('firm-a');
    expect(firmScope(session('associate', null))).toBe('');
  });

  it('answers 404 for another firm, never 403', () => {
    expect(() => assertFirmVisible(session('partner', 'firm-a'), 'firm-b', 'Firm')).toThrow(NotFoundError);
    expect(() => assertFirmVisible(session('partner', 'firm-a'), 'firm-a', 'Firm')).not.toThrow();
    expect(() => assertFirmVisible({ kind: 'admin_token' }, 'firm-b', 'Firm')).not.toThrow();
  });

  it('applies Admin, Mut and partner-or-admin rules', () => {
    expect(() => requireAdmin(session('partner', 'f'))).toThrow(ForbiddenError);
    expect(() => requireAdmin(session('admin', null))).not.toThrow();
    expect(() => requireMutator(session('associate', 'f'))).toThrow(ForbiddenError);
    expect(() => requireMutator(session('partner', 'f'))).not.toThrow();
    expect(() => requirePartnerOrAdmin(session('associate', 'f'))).toThrow(ForbiddenError);
    expect(() => requirePartnerOrAdmin({ kind: 'admin_token' })).not.toThrow();
  });
});
