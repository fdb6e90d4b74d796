// JSON columns are read through their schema: a matching value comes back as is, a damaged one is
// a StoredValueError that names the value and the first mismatch.
import {
  ARCHETYPES,
  StoredValueError,
  intakeSchema,
  normalizeIntake,
  readEnumColumn,
  readIntake,
  readJsonColumn,
} from '../src';

describe('readJsonColumn', () => {
  it('returns a value that matches its schema, unchanged', () => {
    const intake = { ...normalizeIntake(null), domain: 'health', doc_hierarchy: { policy: ['*-Policy.*'] } };
    expect(readJsonColumn(intakeSchema, intake, 'intake')).toBe(intake);
  });

  it.each([
    [{ ...normalizeIntake(null), frameworks: 'SOC 2' }, '/frameworks must be array'],
    [{ domain: 'x' }, "/ must have required property 'audit_purpose'"],
    [[], '/ must be object'],
  ])('refuses %j with a StoredValueError', (value, problem) => {
    let error: unknown;
    try {
      readJsonColumn(intakeSchema, value, 'engagement intake');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StoredValueError);
    expect((error as StoredValueError).status).toBe(409);
    expect((error as StoredValueError).message).toBe(
      `The stored engagement intake is not in its expected shape (${problem}); the record needs repair.`,
    );
  });
});

describe('readIntake', () => {
  it('reads a missing intake as the default one', () => {
    expect(readIntake(null)).toEqual(normalizeIntake(null));
  });
});

describe('readEnumColumn', () => {
  it('returns a stored value of the enumeration and refuses another', () => {
    expect(readEnumColumn(ARCHETYPES, 'capability_leverage', 'archetype')).toBe('capability_leverage');
    expect(() => readEnumColumn(ARCHETYPES, 'gold_plated', 'archetype of template t-1')).toThrow(
      new StoredValueError(
        'archetype of template t-1',
        `"gold_plated" is not one of ${ARCHETYPES.join(', ')}`,
      ),
    );
  });
});
