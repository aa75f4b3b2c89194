import { describe, expect, it } from '@jest/globals';
import { documentFileName, formatUploadedAt, isValidFileName } from './file-name';
import { uploadFailureMessage } from './upload-summary';

describe('documentFileName', () => {
  it('takes the last path segment of the storage key', () => {
    expect(documentFileName('PROP-1/2026/abc123/report_v2.pdf')).toBe('report_v2.pdf');
    expect(documentFileName('plain.txt')).toBe('plain.txt');
    expect(documentFileName('a/b/')).toBe('b');
  });
});

describe('isValidFileName', () => {
  it('accepts letters, digits, dot, underscore and hyphen', () => {
    expect(isValidFileName('my_file-name.png')).toBe(true);
    expect(isValidFileName('A1.b2_C3-d4')).toBe(true);
  });
  it('refuses spaces, special symbols, non-ASCII letters and the empty name', () => {
    for (const bad of ['my file.png', 'a&b.pdf', 'über.pdf', 'x/y.pdf', '', 'report(1).pdf', 'tab\t.txt']) {
      expect({ name: bad, valid: isValidFileName(bad) }).toEqual({ name: bad, valid: false });
    }
  });
});

describe('formatUploadedAt', () => {
  it('formats an ISO time and passes anything else through', () => {
    expect(formatUploadedAt(new Date(2026, 10, 22, 10, 30).toISOString())).toBe('22 Nov 2026, 10:30 AM');
    expect(formatUploadedAt('not a date')).toBe('not a date');
  });
});

describe('uploadFailureMessage', () => {
  const base = { percent: 100 };
  it('is null when every property succeeded', () => {
    expect(uploadFailureMessage([{ ...base, propertyId: 'a', name: 'Tower', state: 'done' }])).toBeNull();
  });
  it('names the properties that succeeded and those that failed', () => {
    const msg = uploadFailureMessage([
      { ...base, propertyId: 'a', name: 'Tower', state: 'done' },
      { ...base, propertyId: 'b', name: 'Plaza', state: 'failed', error: 'Server error' },
      { ...base, propertyId: 'c', name: 'Annex', state: 'failed' },
    ]);
    expect(msg).toBe('File upload failed. Please try again.\nUploaded to: Tower.\nFailed for: Plaza (Server error), Annex.');
  });
  it('says a reason shared by every failed property once, after their names', () => {
    const tooLarge = 'The file is too large. The largest file you can upload is 100 MiB.';
    expect(
      uploadFailureMessage([
        { ...base, propertyId: 'a', name: 'Tower', state: 'failed', error: tooLarge },
        { ...base, propertyId: 'b', name: 'Plaza', state: 'failed', error: tooLarge },
      ]),
    ).toBe(`File upload failed. Please try again.\nFailed for: Tower, Plaza.\n${tooLarge}`);
  });
  it('omits the succeeded line when nothing succeeded', () => {
    expect(uploadFailureMessage([{ ...base, propertyId: 'b', name: 'Plaza', state: 'failed' }])).toBe(
      'File upload failed. Please try again.\nFailed for: Plaza.',
    );
  });
});
