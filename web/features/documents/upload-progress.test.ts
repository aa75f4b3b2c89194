import { describe, expect, it } from '@jest/globals';
import { formatLimit, MAX_UPLOAD_BYTES, sendingPercent, uploadErrorDetail } from './upload-progress';

describe('sendingPercent', () => {
  it('is 0 before any byte went out or when the total is unknown', () => {
    expect(sendingPercent(0, 100)).toBe(0);
    expect(sendingPercent(50, 0)).toBe(0);
    expect(sendingPercent(Number.NaN, 100)).toBe(0);
  });

  it('follows the bytes sent, rounded down', () => {
    expect(sendingPercent(1, 3)).toBe(33);
    expect(sendingPercent(3_000_000, 6_000_000)).toBe(50);
  });

  it('stays at 99 when every byte is out, until the portal confirms', () => {
    expect(sendingPercent(6_000_000, 6_000_000)).toBe(99);
    expect(sendingPercent(7, 6)).toBe(99);
  });
});

describe('formatLimit', () => {
  it('says the limit in MiB, KiB or bytes', () => {
    expect(formatLimit(MAX_UPLOAD_BYTES)).toBe('100 MiB');
    expect(formatLimit(1.5 * 1024 * 1024)).toBe('1.5 MiB');
    expect(formatLimit(2048)).toBe('2 KiB');
    expect(formatLimit(100)).toBe('100 bytes');
  });
});

describe('uploadErrorDetail', () => {
  it('keeps a network failure or a server error generic and goes on with the next property', () => {
    expect(uploadErrorDetail(null)).toEqual({ stopRun: false });
    expect(uploadErrorDetail({ status: 0, message: 'Network error' })).toEqual({ stopRun: false });
    expect(uploadErrorDetail({ status: 500, message: 'Internal Server Error' })).toEqual({ stopRun: false });
  });

  it('stops the run on 401 (the session is over)', () => {
    expect(uploadErrorDetail({ status: 401, message: 'Unauthorized' })).toEqual({ stopRun: true });
  });

  it('shows the server message of another 4xx', () => {
    expect(uploadErrorDetail({ status: 403, message: 'You do not have access to property P-1.' })).toEqual({
      detail: 'You do not have access to property P-1.',
      stopRun: false,
    });
  });

  it('names the 100 MiB limit on 413 and stops, since every property would refuse the same file', () => {
    expect(uploadErrorDetail({ status: 413, message: 'Request failed with status 413' })).toEqual({
      detail: 'The file is too large. The largest file you can upload is 100 MiB.',
      stopRun: true,
    });
  });
});
