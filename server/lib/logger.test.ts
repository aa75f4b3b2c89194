import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('replaces credentials in the query and keeps the rest', () => {
    expect(redactUrl('/embed/dashboard?token=eyJ.abc.def&theme=light')).toBe('/embed/dashboard?token=[redacted]&theme=light');
    expect(redactUrl('/api/s3/object?key=documents%2Fa%2Fx.pdf&exp=1&sig=00ff')).toBe('/api/s3/object?key=[redacted]&exp=1&sig=[redacted]');
    expect(redactUrl('/api/users/getproperty/a%40b.test')).toBe('/api/users/getproperty/a%40b.test');
  });
});
