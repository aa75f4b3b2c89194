import { describe, expect, it } from '@jest/globals';
import { frameAssets } from './prefetch-frame';

describe('the report frame code fetched while the password is typed (issue 42)', () => {
  it('names the built page\'s own script, preloaded modules and stylesheet, once each', () => {
    const html = `<script type="module" crossorigin src="/assets/embed-DJ.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-CU.js">
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-CU.js">
    <link rel="stylesheet" crossorigin href="/assets/embed-B6.css">
    <link rel="icon" href="/logo.svg"><script src="https://elsewhere.test/x.js"></script>`;
    expect(frameAssets(html)).toEqual(['/assets/embed-DJ.js', '/assets/jsx-runtime-CU.js', '/assets/embed-B6.css']);
    expect(frameAssets('')).toEqual([]);
  });

  it("names the charts' drawing, which the built page itself fetches later (its prefetch link)", () => {
    const html = `<script type="module" crossorigin src="/assets/embed-DJ.js"></script>
    <link rel="prefetch" as="script" crossorigin href="/assets/chart-draw-Q1.js">`;
    expect(frameAssets(html)).toEqual(['/assets/embed-DJ.js', '/assets/chart-draw-Q1.js']);
  });
});
