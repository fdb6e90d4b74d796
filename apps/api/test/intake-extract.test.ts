// POST /auditsvc/intake/extract (spec 4.9): validation, tenancy, the offline analyst's extraction,
// the 20-cent cap, and the remote path against a loopback OpenAI-compatible server (a real answer,
// and a failing server that must yield 502).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Actors, makeActors } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

const NORTHWIND = `Northwind Health is a patient-scheduling SaaS company preparing for its first SOC 2 Type II
audit and a HIPAA Security Rule gap assessment. Please review access control, encryption of patient
data at rest, backups and the incident response plan. We are concerned that vendor contracts may not
carry our security obligations. The backup practice may have drifted from policy since IT moved to
weekly backups. Logging and change management were last reviewed in 2022.`;

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

const extract = (context: TestContext, headers: Record<string, string>, body: object) =>
  context.http().post('/auditsvc/intake/extract').set(headers).send(body);

/** A loopback chat-completions server: every request is recorded and answered by `answer`. */
async function startModelServer(answer: (res: http.ServerResponse) => void) {
  const requests: { url: string; body: { model?: string; messages?: { content: string }[] } }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(raw || '{}') });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('validation and access', () => {
  it('answers 422 with the item shape for a description under 30 characters', async () => {
    const res = await extract(ctx, actors.headers.partnerA, { description: 'Too short to read.' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'description'], msg: 'must have at least 30 characters', type: 'string_too_short' },
    ]);
  });

  it('answers 422 for a description of 30 blank characters', async () => {
    const res = await extract(ctx, actors.headers.partnerA, { description: ' '.repeat(40) });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'description'], type: 'string_too_short' });
  });

  it('refuses associates (403) and another firm (404), and needs a firm from the admin token (422)', async () => {
    expect((await extract(ctx, actors.headers.associateA, { description: NORTHWIND })).status).toBe(403);
    const foreign = await extract(ctx, actors.headers.partnerA, {
      description: NORTHWIND,
      firm_id: actors.firmB.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Firm not found.' });
    const noFirm = await extract(ctx, actors.headers.adminToken, { description: NORTHWIND });
    expect(noFirm.status).toBe(422);
    expect(noFirm.body.detail[0]).toMatchObject({ loc: ['body', 'firm_id'], type: 'missing' });
    expect(
      (await extract(ctx, actors.headers.adminToken, { description: NORTHWIND, firm_id: 'firm-missing' }))
        .status,
    ).toBe(404);
  });
});

describe('local extraction', () => {
  it('extracts frameworks, focus areas, concerns, archetype and client name from a real description', async () => {
    const res = await extract(ctx, actors.headers.partnerA, {
      description: NORTHWIND,
      client_name: 'Northwind Health, Inc.',
      firm_id: actors.firmA.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.frameworks).toEqual(['SOC 2', 'HIPAA']);
    expect(res.body.focus_areas).toEqual(
      expect.arrayContaining([
        'access control',
        'encryption',
        'backup and recovery',
        'incident response',
        'vendor management',
        'logging',
      ]),
    );
    expect(res.body.known_concerns).toEqual([
      'We are concerned that vendor contracts may not carry our security obligations.',
      'The backup practice may have drifted from policy since IT moved to weekly backups.',
    ]);
    expect(res.body.domain).toMatch(/^healthcare/);
    expect(res.body.audit_purpose).toMatch(/SOC 2 and HIPAA/);
    expect(res.body.suggested_archetype).toBe('remediation_pipeline');
    expect(res.body.suggested_client_name).toBe('Northwind Health, Inc.');
    // The built-in analyst is free unless MODEL_PRICING prices it.
    expect(res.body.cost_cents).toBe(0);
  });

  it('uses the caller firm when firm_id is left out and reads the client name from the text', async () => {
    const res = await extract(ctx, actors.headers.partnerA, { description: NORTHWIND });
    expect(res.status).toBe(200);
    expect(res.body.suggested_client_name).toBe('Northwind Health');
  });
});

describe('spend cap', () => {
  it('charges priced calls and stays within 20 cents', async () => {
    const priced = await createTestContext({
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 2 } }),
    });
    try {
      const partner = await makeActors(priced);
      const res = await extract(priced, partner.headers.partnerA, { description: NORTHWIND });
      expect(res.status).toBe(200);
      expect(res.body.cost_cents).toBeGreaterThan(0);
      expect(res.body.cost_cents).toBeLessThanOrEqual(20);
    } finally {
      await priced.close();
    }
  });

  it('makes no call that could pass the cap, and answers 502', async () => {
    // 800 output tokens reserved at 30 cents per 1K: 24 cents, more than the 20-cent cap.
    const dear = await createTestContext({
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 30, output_cents_per_1k: 30 } }),
    });
    try {
      const partner = await makeActors(dear);
      const res = await extract(dear, partner.headers.partnerA, { description: NORTHWIND });
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(/20-cent cap/);
    } finally {
      await dear.close();
    }
  });
});

describe('remote provider', () => {
  it('sends the description to an OpenAI-compatible server and returns its parsed answer with the cost', async () => {
    const answer = {
      domain: 'healthcare software',
      audit_purpose: 'SOC 2 Type II readiness and HIPAA gap assessment',
      frameworks: ['SOC 2', 'HIPAA'],
      focus_areas: ['Access Control', 'backup and recovery'],
      known_concerns: ['vendor contracts may not carry our security obligations'],
      suggested_archetype: 'remediation_pipeline',
      suggested_client_name: 'Northwind Health',
    };
    const server = await startModelServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            { message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 1000, completion_tokens: 500 },
        }),
      );
    });
    const remote = await createTestContext({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-loopback',
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 2 } }),
    });
    try {
      const partner = await makeActors(remote);
      const res = await extract(remote, partner.headers.partnerA, { description: NORTHWIND });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...answer,
        focus_areas: ['access control', 'backup and recovery'],
        cost_cents: 2,
      });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.url).toBe('/v1/chat/completions');
      expect(server.requests[0]!.body.messages?.[1]?.content).toContain('patient-scheduling SaaS');
    } finally {
      await remote.close();
      await server.close();
    }
  });

  it('answers 502 with a detail when the provider fails', async () => {
    const server = await startModelServer((res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream exploded' } }));
    });
    const failing = await createTestContext({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-loopback',
    });
    try {
      const partner = await makeActors(failing);
      const res = await extract(failing, partner.headers.partnerA, { description: NORTHWIND });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ detail: 'The model call failed; try again later.' });
      // The provider was really asked (and retried), and no key reached the logs.
      expect(server.requests.length).toBeGreaterThanOrEqual(1);
      expect(failing.logs.join('\n')).not.toContain('sk-test-loopback');
      expect(failing.logs.some((line) => line.includes('intake_extraction_failed'))).toBe(true);
    } finally {
      await failing.close();
      await server.close();
    }
  });
});
