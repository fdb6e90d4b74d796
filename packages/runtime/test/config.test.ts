import path from 'node:path';
import { ConfigError, loadConfig } from '../src';

describe('loadConfig', () => {
  it('applies the defaults of DECISIONS section 1', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      adminToken: null,
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: 'auditsvc',
      dataDir: path.resolve('./data'),
      publicBaseUrl: 'http://127.0.0.1:8080',
      modelProvider: 'local',
      modelPricing: null,
      bcryptCost: 12,
    });
    expect(config.databaseUrl).toBe(`file:${path.resolve('./data/auditsvc.db')}`);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        MODEL_PROVIDER: 'magic',
        BCRYPT_COST: '8',
        MODEL_PRICING: '{"m":{}}',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'MODEL_PROVIDER', 'BCRYPT_COST', 'MODEL_PRICING'])
      expect(problems).toContain(name);
  });

  it('parses MODEL_PRICING including the "*" key', () => {
    const config = loadConfig({
      MODEL_PRICING: '{"*": {"input_cents_per_1k": 1, "output_cents_per_1k": 2.5}}',
    });
    expect(config.modelPricing).toEqual({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 2.5 } });
  });
});
