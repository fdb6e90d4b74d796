// Reading a metrics scrape as Prometheus would, with parse-prometheus-text-format. That parser
// merges the series of a labelled histogram into one (it keeps only the buckets), so the text is
// parsed twice: as sent, for each family's name, type and help, and once more without its TYPE
// lines, which leaves every series (a histogram's _bucket, _sum and _count too) with its labels.
import parsePrometheusTextFormat, { PrometheusFamily, PrometheusSample } from 'parse-prometheus-text-format';

export interface Scrape {
  families: Map<string, PrometheusFamily>;
  /** Samples by series name (`auditsvc_job_duration_seconds_count`...), labels kept. */
  series: Map<string, PrometheusSample[]>;
}

export function parseScrape(text: string): Scrape {
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  const untyped = text
    .split('\n')
    .filter((line) => !line.startsWith('# TYPE '))
    .join('\n');
  const series = new Map<string, PrometheusSample[]>();
  for (const family of parsePrometheusTextFormat(untyped)) {
    series.set(family.name, [...(series.get(family.name) ?? []), ...family.metrics]);
  }
  return { families, series };
}

/** The series' samples whose labels include every one of `labels`. */
export function samples(
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): PrometheusSample[] {
  return (scrape.series.get(name) ?? []).filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
  );
}

/** The sum of the matching samples' values (for a histogram, name its _count or _sum). */
export function total(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  return samples(scrape, name, labels).reduce((sum, sample) => sum + Number(sample.value), 0);
}
