import { describe, expect, it } from '@jest/globals';
import { documentFileName, formatUploadedAt, isValidFileName, downloadName } from './file-name';
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

describe('downloadName (issue 39)', () => {
  const a = { DOCUMENT_URL: 'documents/P1/x1/Equipment_List.csv', PROPERTY_ID: 'P1' };
  const b = { DOCUMENT_URL: 'documents/P2/x2/Equipment_List.csv', PROPERTY_ID: 'P2' };
  const c = { DOCUMENT_URL: 'documents/P2/x3/Other.pdf', PROPERTY_ID: 'P2' };
  it('is the file name alone when no other listed document shares it', () => {
    expect(downloadName(c, [a, b, c], 'Northwind Plaza')).toBe('Other.pdf');
    expect(downloadName(a, [a, c], 'Northwind Tower')).toBe('Equipment_List.csv');
  });
  it("puts the property's name first when the same name is listed for another property", () => {
    expect(downloadName(a, [a, b, c], 'Northwind Tower')).toBe('Northwind_Tower-Equipment_List.csv');
    expect(downloadName(b, [a, b, c], 'Café Plaza #2')).toBe('Cafe_Plaza_2-Equipment_List.csv');
  });
});
