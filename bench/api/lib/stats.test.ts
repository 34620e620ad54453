import { describe, expect, it } from 'vitest';
import { Histogram, hopeless, mostDriversServed, passes, type StepResult } from './stats';

describe('Histogram percentiles', () => {
  it('gives the nearest-rank value, never below the true one and within 1% above it', () => {
    const h = new Histogram();
    for (let v = 1; v <= 1000; v++) h.record(v / 10); // 0.1 … 100 ms
    const p50 = h.percentile(50)!;
    const p99 = h.percentile(99)!;
    expect(p50).toBeGreaterThanOrEqual(50);
    expect(p50).toBeLessThanOrEqual(50 * 1.01);
    expect(p99).toBeGreaterThanOrEqual(99);
    expect(p99).toBeLessThanOrEqual(99 * 1.01);
    expect(h.percentile(100)).toBe(100);
  });

  it('says nothing for no requests, and a lone request is every percentile', () => {
    expect(new Histogram().percentile(99)).toBeNull();
    const h = new Histogram();
    h.record(250);
    expect(h.percentile(1)).toBe(250);
    expect(h.percentile(99)).toBe(250);
  });

  it('merges what several load-generator processes recorded, through their JSON form', () => {
    const a = new Histogram();
    const b = new Histogram();
    for (let i = 0; i < 990; i++) a.record(2);
    for (let i = 0; i < 10; i++) b.record(400);
    const all = new Histogram();
    all.add(Histogram.fromJSON(JSON.parse(JSON.stringify(a))));
    all.add(Histogram.fromJSON(JSON.parse(JSON.stringify(b))));
    expect(all.count).toBe(1000);
    expect(all.percentile(99)).toBeLessThan(2.1);
    expect(all.percentile(99.1)).toBe(400);
    expect(all.max).toBe(400);
  });

  it('keeps very slow answers (minutes) in range', () => {
    const h = new Histogram();
    h.record(12_345);
    h.record(0);
    expect(h.percentile(100)).toBe(12_345);
    expect(h.percentile(50)).toBeLessThanOrEqual(0.05);
  });
});

describe('the step search', () => {
  const step = (drivers: number, p99: number | null, errors = 0): StepResult => ({
    drivers,
    p99,
    errors,
    answered: p99 === null ? 0 : 1000,
  });

  it('is the largest step with p99 under the limit and no errors', () => {
    const steps = [step(5000, 40), step(2500, 20), step(10000, 90), step(15000, 180)];
    expect(mostDriversServed(steps, 100)).toBe(10000);
  });

  it('stops at the first failing step, even if a larger one passed afterwards', () => {
    const steps = [step(2500, 20), step(5000, 20, 3), step(10000, 50)];
    expect(mostDriversServed(steps, 100)).toBe(2500);
  });

  it('is null when even the smallest step failed, and a p99 equal to the limit fails', () => {
    expect(mostDriversServed([step(2500, 100), step(5000, 50)], 100)).toBeNull();
    expect(passes(step(2500, 100), 100)).toBe(false);
    expect(passes(step(2500, null), 100)).toBe(false);
  });

  it('gives up on a target far past the limit or with many errors', () => {
    expect(hopeless(step(2500, 2500), 100)).toBe(true);
    expect(hopeless({ drivers: 2500, p99: 50, errors: 100, answered: 900 }, 100)).toBe(true);
    expect(hopeless(step(2500, 150), 100)).toBe(false);
  });
});
