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

  describe('metrics and job hygiene (issue 15)', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };

    it('defaults: no metrics token or worker endpoint, jobs kept 1,000 for a day (failed: 5,000 for a week)', () => {
      const config = loadConfig({});
      expect(config.metricsToken).toBeNull();
      expect(config.workerMetricsPort).toBeNull();
      expect(config.jobRetention).toEqual({
        completed: { count: 1000, ageSeconds: 24 * 3600 },
        failed: { count: 5000, ageSeconds: 168 * 3600 },
      });
    });

    it('reads METRICS_TOKEN, WORKER_METRICS_PORT (0: any free port) and JOBS_KEEP_*', () => {
      const config = loadConfig({
        METRICS_TOKEN: ' scrape-me ',
        WORKER_METRICS_PORT: '0',
        JOBS_KEEP_COMPLETED: '10',
        JOBS_KEEP_COMPLETED_HOURS: '1',
        JOBS_KEEP_FAILED: '20',
        JOBS_KEEP_FAILED_HOURS: '48',
      });
      expect(config.metricsToken).toBe('scrape-me');
      expect(config.workerMetricsPort).toBe(0);
      expect(config.jobRetention).toEqual({
        completed: { count: 10, ageSeconds: 3600 },
        failed: { count: 20, ageSeconds: 48 * 3600 },
      });
      expect(loadConfig({ WORKER_METRICS_PORT: '9464' }).workerMetricsPort).toBe(9464);
    });

    it("sets the concurrency per queue by the host's cores, each overridable", () => {
      expect(loadConfig({}, 2).workerConcurrency).toEqual({
        ingest: 1,
        run: 2,
        'investigate-further': 2,
        'portfolio-recompute': 2,
      });
      expect(loadConfig({}, 8).workerConcurrency).toEqual({
        ingest: 2,
        run: 4,
        'investigate-further': 4,
        'portfolio-recompute': 2,
      });
      const set = loadConfig(
        {
          WORKER_CONCURRENCY_INGEST: '3',
          WORKER_CONCURRENCY_INVESTIGATE_FURTHER: '1',
          WORKER_CONCURRENCY_PORTFOLIO_RECOMPUTE: '5',
        },
        2,
      );
      expect(set.workerConcurrency).toEqual({
        ingest: 3,
        run: 2,
        'investigate-further': 1,
        'portfolio-recompute': 5,
      });
    });

    it('refuses bad values, naming each variable', () => {
      const problems = problemsOf({
        WORKER_METRICS_PORT: '70000',
        JOBS_KEEP_COMPLETED: '0',
        JOBS_KEEP_COMPLETED_HOURS: 'a day',
        JOBS_KEEP_FAILED: '-5',
        JOBS_KEEP_FAILED_HOURS: '1.5',
        WORKER_CONCURRENCY_RUN: '0',
        WORKER_CONCURRENCY_INGEST: 'many',
      });
      const names = problems.map((problem) => problem.split(' ')[0]).sort();
      expect(names).toEqual(
        [
          'JOBS_KEEP_COMPLETED',
          'JOBS_KEEP_COMPLETED_HOURS',
          'JOBS_KEEP_FAILED',
          'JOBS_KEEP_FAILED_HOURS',
          'WORKER_CONCURRENCY_INGEST',
          'WORKER_CONCURRENCY_RUN',
          'WORKER_METRICS_PORT',
        ].sort(),
      );
      expect(problems.join('\n')).toMatch(
        /WORKER_CONCURRENCY_RUN must be an integer from 1 to 256 \(got "0"\)/,
      );
    });

    it('refuses a WORKER_CONCURRENCY_ variable that names no queue, listing the right names', () => {
      const problems = problemsOf({ WORKER_CONCURRENCY_RUNS: '4', WORKER_CONCURRENCY_RUN: '4' });
      expect(problems).toEqual([
        'WORKER_CONCURRENCY_RUNS names no queue (use one of WORKER_CONCURRENCY_INGEST, ' +
          'WORKER_CONCURRENCY_RUN, WORKER_CONCURRENCY_INVESTIGATE_FURTHER, ' +
          'WORKER_CONCURRENCY_PORTFOLIO_RECOMPUTE)',
      ]);
    });
  });
});

describe('STORAGE_URL (issue 15, object storage)', () => {
  it('defaults to the filesystem under DATA_DIR (null) and keeps a valid s3:// URL', () => {
    expect(loadConfig({}).storageUrl).toBeNull();
    const url = 's3://audit-bucket/tenant?endpoint=http://127.0.0.1:9000&region=eu-west-1';
    expect(loadConfig({ STORAGE_URL: url }).storageUrl).toBe(url);
  });

  it('reports what is wrong with a bad one, with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({ STORAGE_URL: 's3://key:secret@audit-bucket', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('STORAGE_URL must not hold credentials');
    expect(problems).toContain('PORT');
  });
});
