// A control a policy requires that another document switches off, against the rules that only say
// when it may be off: a funeral home's procedure that lets MFA be switched off only under an
// approved exception, and a laboratory's review procedure that keeps an account without MFA only if
// an exception is recorded. Both stay quiet; the same procedures saying MFA is off are reported.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { controlStateCheck } from '.';

const mfaTitles = async (files: Record<string, string>) =>
  (await candidateIssues(controlStateCheck, files))
    .map((i) => i.title)
    .filter((t) => /multi-factor/i.test(t));

const policy = (body: string) => `# Information Security Policy\n\n${body}\n`;

test('a funeral home: a procedure saying MFA is switched off for the crematorium accounts contradicts the policy', async () => {
  expect(
    await mfaTitles({
      'Information-Security-Policy.md': policy(
        '6.2 Multi-factor authentication (MFA) is mandatory for every account on the FMS, for Microsoft 365 and for remote access.',
      ),
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n8. MFA is switched off for the two crematorium office accounts on the FMS.\n',
    }),
  ).toEqual([
    expect.stringMatching(
      /required by Information-Security-Policy\.md but switched off in Access-Control-Procedure\.md/,
    ),
  ]);
});

test('decoys: a funeral home and a laboratory state only when MFA may be off (under an approved exception)', async () => {
  expect(
    await mfaTitles({
      'Information-Security-Policy.md': policy(
        '6.2 Multi-factor authentication (MFA) is mandatory for every account on the FMS, for Microsoft 365 and for remote access.',
      ),
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n8. MFA may only be switched off for an account under an exception approved in accordance with section 10 of the Information Security Policy.\n',
    }),
  ).toEqual([]);
  expect(
    await mfaTitles({
      'Information-Security-Policy.md': policy(
        '7.2 Multi-factor authentication (MFA) shall be enforced for all Results Portal accounts, including those of referring doctors.',
      ),
      'Portal-Access-Review-Procedure.md':
        '# Portal Access Review Procedure\n\n5.5 Any account for which MFA is not enabled shall be retained only if a current exception approved under section 12 of the Information Security Policy is recorded against it.\n',
    }),
  ).toEqual([]);
});

// A tool that cannot support MFA: excused only where the statement sends the case through an
// approval or an exception; a standing password-only login is the control switched off.
describe('a capability waiver with and without an approval route', () => {
  const airlinePolicy = policy(
    '5.1 Multi-factor authentication (MFA) is required for every remote session to the engineering network.',
  );
  const universityPolicy = policy(
    '3.4 MFA must be used for every remote session to the research computing cluster.',
  );

  test('an airline and a university: a contractor logs in with a password only where its software cannot support MFA', async () => {
    expect(
      await mfaTitles({
        'Information-Security-Policy.md': airlinePolicy,
        'Contractor-Access-Procedure.md':
          "# Contractor Access Procedure\n\n4.2 Where the contractor's engine-monitoring software cannot support MFA, the contractor may log in with a username and password only.\n",
      }),
    ).toEqual([expect.stringMatching(/switched off in Contractor-Access-Procedure\.md/)]);
    expect(
      await mfaTitles({
        'Information-Security-Policy.md': universityPolicy,
        'Cluster-Access-Standard.md':
          "# Cluster Access Standard\n\n2.6 If a visiting researcher's workstation cannot support MFA, the researcher may connect with an SSH password.\n",
      }),
    ).toEqual([expect.stringMatching(/switched off in Cluster-Access-Standard\.md/)]);
  });

  test('decoy: the same gap sent to the CISO for a time-limited exception', async () => {
    expect(
      await mfaTitles({
        'Information-Security-Policy.md': airlinePolicy,
        'Contractor-Access-Procedure.md':
          "# Contractor Access Procedure\n\n4.2 Where the contractor's engine-monitoring software cannot support MFA, the CISO may approve a time-limited exception with a username and password.\n",
      }),
    ).toEqual([]);
  });
});
