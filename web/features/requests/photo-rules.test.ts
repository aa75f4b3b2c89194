import { describe, expect, it } from '@jest/globals';
import { PHOTO_ACCEPT, photoProblem } from './photo-rules';

describe('photoProblem', () => {
  it('takes JPEG, PNG, GIF, WebP and HEIC up to 10 MiB, by extension in any case', () => {
    expect(photoProblem({ name: 'leak.JPG', size: 1 })).toBeNull();
    expect(photoProblem({ name: 'IMG_0001.heic', size: 10 * 1024 * 1024 })).toBeNull();
    expect(PHOTO_ACCEPT).toBe('.jpg,.jpeg,.png,.gif,.webp,.heic');
  });
  it('refuses other types, empty files and files over 10 MiB', () => {
    expect(photoProblem({ name: 'plan.pdf', size: 10 })).toBe('type');
    expect(photoProblem({ name: 'drawing.svg', size: 10 })).toBe('type');
    expect(photoProblem({ name: 'noextension', size: 10 })).toBe('type');
    expect(photoProblem({ name: 'big.png', size: 10 * 1024 * 1024 + 1 })).toBe('size');
    expect(photoProblem({ name: 'empty.png', size: 0 })).toBe('size');
  });
});
