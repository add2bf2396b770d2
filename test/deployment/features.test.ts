import { describe, expect, it } from 'vitest';
import { defaultFeatures, featureTable, resolveFeatures, splitFeatureList } from '../../src/deployment/features.js';

const codes = (r: ReturnType<typeof resolveFeatures>) => r.diagnostics.map((d) => [d.code, d.severity]);

describe('deployment features (the interface table)', () => {
  it('turns everything on in the cloud, all but assistant, analytics and the network air-gapped', () => {
    expect(defaultFeatures('cloud')).toEqual({ search: true, assistant: true, analytics: true, playground: true, network: true });
    expect(defaultFeatures('client-hosted')).toEqual({ search: true, assistant: true, analytics: true, playground: true, network: true });
    expect(defaultFeatures('air-gapped')).toEqual({ search: true, assistant: false, analytics: false, playground: true, network: false });
  });

  it('records only the four features of the interface table', () => {
    expect(featureTable(defaultFeatures('air-gapped'))).toEqual({ search: true, assistant: false, analytics: false, playground: true });
    expect(Object.keys(featureTable(defaultFeatures('cloud')))).toEqual(['search', 'assistant', 'analytics', 'playground']);
  });

  it('lets client-hosted turn search, the assistant and analytics off', () => {
    const r = resolveFeatures('client-hosted', { disable: ['search', 'assistant', 'analytics'] });
    expect(r.features).toEqual({ search: false, assistant: false, analytics: false, playground: true, network: true });
    expect(r.diagnostics).toEqual([]);
  });

  it('lets air-gapped turn the playground and the static search off', () => {
    const r = resolveFeatures('air-gapped', { disable: ['playground', 'search'] });
    expect(r.features).toEqual({ search: false, assistant: false, analytics: false, playground: false, network: false });
    expect(r.diagnostics).toEqual([]);
  });

  it('refuses to enable the assistant or analytics air-gapped, with a hint, and keeps the defaults', () => {
    const r = resolveFeatures('air-gapped', { enable: ['assistant', 'analytics'], disable: ['playground'] });
    expect(codes(r)).toEqual([
      ['bundle/feature-unavailable', 'error'],
      ['bundle/feature-unavailable', 'error'],
    ]);
    expect(r.diagnostics[0]?.message).toBe('`assistant` is not available in air-gapped deployments: it needs the network.');
    expect(r.diagnostics[0]?.hint).toBe('Remove `--enable assistant`, or export for `--deployment client-hosted` where it is configurable.');
    expect(r.features).toEqual(defaultFeatures('air-gapped'));
  });

  it('ignores, with a warning, disabling what the profile always has', () => {
    const cloud = resolveFeatures('cloud', { disable: ['search'] });
    expect(codes(cloud)).toEqual([['bundle/feature-fixed', 'warning']]);
    expect(cloud.features.search).toBe(true);
    const hosted = resolveFeatures('client-hosted', { disable: ['playground'] });
    expect(codes(hosted)).toEqual([['bundle/feature-fixed', 'warning']]);
    expect(hosted.features.playground).toBe(true);
  });

  it('names unknown features with a suggestion, and a feature both enabled and disabled', () => {
    const r = resolveFeatures('client-hosted', { enable: ['serch', 'playground'], disable: ['playground', 'telemetry'] });
    expect(codes(r)).toEqual([
      ['bundle/unknown-feature', 'error'],
      ['bundle/feature-conflict', 'error'],
      ['bundle/unknown-feature', 'error'],
    ]);
    expect(r.diagnostics[0]?.hint).toBe('Did you mean `search`? Features: search, assistant, analytics, playground.');
    expect(r.diagnostics[2]?.hint).toBe('Features: search, assistant, analytics, playground.');
  });

  it('enabling what is already on is quiet', () => {
    expect(resolveFeatures('cloud', { enable: ['search', 'playground'] }).diagnostics).toEqual([]);
  });

  it('splits repeated, comma-separated flag values', () => {
    expect(splitFeatureList(['search, playground', 'analytics', ''])).toEqual(['search', 'playground', 'analytics']);
    expect(splitFeatureList(undefined)).toEqual([]);
    expect(splitFeatureList('search')).toEqual(['search']);
  });
});
